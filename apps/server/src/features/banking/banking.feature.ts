import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  BANK_LINE_STATUSES, bankLinePageSchema, bankRuleInput, bankRuleUpdate, matchCandidateSchema, reconciliationReportSchema, reconciliationViewSchema, statementImportAnswer,
} from '@covenant/contracts/banking';
import { isoDate } from '@covenant/contracts/fields';
import { bankRules, bankReconciliations, bankStatementLines, bankStatements } from '@covenant/db/schema/banking';
import { chartOfAccounts, funds } from '@covenant/db/schema/finance';
import { onCommit, type Ctx } from '../../lib/context.ts';
import { bodyReadByTheService, fileField, multipartBody } from '../../lib/documented-body.ts';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import { fileResponse } from '@covenant/contracts/platform';
import { parseInput } from '../../lib/parse-input.ts';
import { readFileAndFields, requireSession } from '../../lib/request-body.ts';
import type { EntityDef, Row } from '../../platform/entities/entity-def.ts';
import type { Feature } from '../../platform/registry.ts';
import { loadLetterhead, renderReconciliationPdf } from '../statements/pdf.ts';
import { pdfHeaders } from '../statements/statements.feature.ts';
import { bankAccountEntity, seedBankAccounts } from './bank-accounts.ts';
import {
  excludeBankLineFn, listBankLines, matchBankLineFn, matchBankLinesFn, unmatchBankLineFn, unmatchedDocuments,
} from './matching.service.ts';
import {
  beforeReconciliationDelete, completeReconciliationFn, reconciliationReportOf, reconciliationView, setClearedFn,
  startReconciliationFn, voidReconciliationFn,
} from './reconciliation.service.ts';
import { importStatement } from './statement-import.ts';
import { bankingBackupStep } from './banking.backup.ts';

/** The largest statement file accepted (a year of a busy account in OFX is a few megabytes). */
export const MAX_STATEMENT_BYTES = 10 * 1024 * 1024;

const READ_ONLY = 'Statements are imported from the bank\'s files (POST /bank-accounts/{id}/statements), not written one by one';

/** Imported statements: read-only records of what the bank sent. */
const bankStatementEntity: EntityDef = {
  name: 'BankStatement',
  label: 'bank statement',
  table: bankStatements,
  resource: 'chart_of_accounts',
  createRefusal: READ_ONLY,
  scope: { kind: 'creator' },
  hiddenColumns: ['fingerprint'],
  hooks: {
    /** A statement imported by mistake goes with its lines, as long as none of them was matched or excluded yet. */
    async beforeDelete(ctx, existing) {
      const [worked] = await ctx.db
        .select({ id: bankStatementLines.id })
        .from(bankStatementLines)
        .where(and(eq(bankStatementLines.statement_id, existing.id as string), ne(bankStatementLines.status, 'unmatched')))
        .limit(1);
      if (worked) throw new ConflictError('Lines of this statement are matched or excluded: unmatch them before deleting the statement', 'statement_in_use');
      await ctx.db.delete(bankStatementLines).where(eq(bankStatementLines.statement_id, existing.id as string));
      onCommit(ctx, () => ctx.services.changes.publish({ entity: 'BankStatementLine', type: 'delete', id: '*', record: {}, timestamp: new Date().toISOString() }));
    },
  },
};

/** The lines of imported statements (their status changes through matching, not the generic calls). */
const bankStatementLineEntity: EntityDef = {
  name: 'BankStatementLine',
  label: 'bank statement line',
  table: bankStatementLines,
  resource: 'chart_of_accounts',
  createRefusal: READ_ONLY,
  scope: { kind: 'creator' },
  hooks: {
    beforeDelete() {
      throw new ConflictError('A statement line goes with its statement: delete the statement to undo an import', 'statement_line');
    },
  },
};

/** The rule's account and fund exist and are active (a missing one reads as a clear 400, not a foreign key error). */
async function checkRuleTargets(ctx: Ctx, values: Row): Promise<void> {
  if (values.account_id !== undefined) {
    const [a] = await ctx.db.select({ active: chartOfAccounts.is_active, name: chartOfAccounts.account_name }).from(chartOfAccounts).where(eq(chartOfAccounts.id, values.account_id as string)).limit(1);
    if (!a) throw new ValidationError('Account does not exist');
    if (!a.active) throw new ValidationError(`${a.name} is inactive`);
  }
  if (values.fund_id !== undefined) {
    const [f] = await ctx.db.select({ active: funds.is_active, name: funds.name }).from(funds).where(eq(funds.id, values.fund_id as string)).limit(1);
    if (!f) throw new ValidationError('Fund does not exist');
    if (!f.active) throw new ValidationError(`The ${f.name} fund is inactive`);
  }
}

/** Rules for bank lines no document explains (fees, interest): matching posts a journal entry by them. */
const bankRuleEntity: EntityDef = {
  name: 'BankRule',
  label: 'bank rule',
  table: bankRules,
  resource: 'chart_of_accounts',
  createInput: bankRuleInput as unknown as z.ZodType<Row>,
  updateInput: bankRuleUpdate as unknown as z.ZodType<Row>,
  scope: { kind: 'creator' },
  hooks: {
    async prepareCreate(ctx, values) {
      await checkRuleTargets(ctx, values);
      return values;
    },
    async prepareUpdate(ctx, changes, existing) {
      await checkRuleTargets(ctx, changes);
      const min = changes.amount_min !== undefined ? changes.amount_min : existing.amount_min;
      const max = changes.amount_max !== undefined ? changes.amount_max : existing.amount_max;
      if (min !== null && min !== undefined && max !== null && max !== undefined && Number(min) > Number(max)) throw new ValidationError('Largest amount must not be below the smallest amount');
      return changes;
    },
  },
};

/** Reconciliations: started, cleared, completed and voided through their functions; a draft may be deleted. */
const bankReconciliationEntity: EntityDef = {
  name: 'BankReconciliation',
  label: 'reconciliation',
  table: bankReconciliations,
  resource: 'chart_of_accounts',
  createRefusal: 'A reconciliation is started with startReconciliation {bank_account_id, statement_date, ending_balance}',
  scope: { kind: 'creator' },
  hooks: { beforeDelete: beforeReconciliationDelete },
};

const params = z.object({ appId: z.string(), id: z.string().max(64) });
const lineListQuery = z.object({
  status: z.enum(BANK_LINE_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  skip: z.coerce.number().int().min(0).default(0),
});
const documentsQuery = z.object({ from: isoDate('From'), to: isoDate('To') });
const reportQuery = z.object({ format: z.enum(['json', 'pdf']).optional() });

async function bankingRoutes(app: FastifyInstance) {
  app.get('/api/apps/:appId/bank-accounts/:id/lines', { schema: { tags: ['banking'], params, querystring: lineListQuery.partial(), response: { 200: bankLinePageSchema } } }, async (request) =>
    listBankLines(request.ctx, (request.params as { id: string }).id, parseInput(lineListQuery, request.query)));
  app.get('/api/apps/:appId/bank-accounts/:id/unmatched-documents', { schema: { tags: ['banking'], params, querystring: documentsQuery.partial(), response: { 200: z.array(matchCandidateSchema) } } }, async (request) =>
    unmatchedDocuments(request.ctx, (request.params as { id: string }).id, parseInput(documentsQuery, request.query)));
  app.get('/api/apps/:appId/reconciliations/:id', { schema: { tags: ['banking'], params, response: { 200: reconciliationViewSchema } } }, async (request) =>
    reconciliationView(request.ctx, bankReconciliationEntity, (request.params as { id: string }).id));
  app.get(
    '/api/apps/:appId/reconciliations/:id/report',
    { schema: { tags: ['banking'], params, querystring: reportQuery, response: { 200: fileResponse(['application/pdf'], 'The reconciliation report as JSON, or as a PDF (format=pdf)', reconciliationReportSchema) } } },
    async (request, reply) => {
      const ctx = request.ctx;
      const { json, bank_account_name, status } = await reconciliationReportOf(ctx, bankReconciliationEntity, (request.params as { id: string }).id);
      if ((request.query as { format?: string }).format !== 'pdf') return json;
      const pdf = await renderReconciliationPdf(await loadLetterhead(ctx), { ...json, bank_account_name, status });
      return reply.headers(pdfHeaders(`reconciliation-${bank_account_name}-${json.statement_date}.pdf`)).send(pdf);
    },
  );

  app.post(
    '/api/apps/:appId/bank-accounts/:id/statements',
    {
      schema: {
        tags: ['banking'],
        params: z.object({ appId: z.string(), id: z.string().max(64) }),
        ...multipartBody({
          file: fileField('The statement: OFX/QFX, CAMT.053, BAI2 or CSV (told apart by content), up to 10 MB'),
          mapping: z.string().optional().describe('CSV only: the column mapping as JSON ({date, amount} or {date, debit, credit}, with description, reference, check_number, date_format); the account\'s last one without it'),
        }),
        response: { 200: statementImportAnswer },
      },
      validatorCompiler: bodyReadByTheService,
      bodyLimit: MAX_STATEMENT_BYTES + 256 * 1024,
      onRequest: requireSession,
    },
    async (request) => {
      const { file, fields } = await readFileAndFields(request, 'file', 'statement file', MAX_STATEMENT_BYTES);
      return importStatement(request.ctx, (request.params as { id: string }).id, file, fields.mapping);
    },
  );
}

export const bankingFeature: Feature = {
  name: 'banking',
  backup: [bankingBackupStep],
  entities: [bankAccountEntity, bankStatementEntity, bankStatementLineEntity, bankRuleEntity, bankReconciliationEntity],
  functions: [
    matchBankLinesFn,
    matchBankLineFn(bankStatementLineEntity),
    unmatchBankLineFn(bankStatementLineEntity),
    excludeBankLineFn(bankStatementLineEntity),
    startReconciliationFn(bankReconciliationEntity),
    setClearedFn(bankReconciliationEntity),
    completeReconciliationFn(bankReconciliationEntity),
    voidReconciliationFn(bankReconciliationEntity),
  ],
  routes: bankingRoutes,
  seed: seedBankAccounts,
};

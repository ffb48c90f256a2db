import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { statementImportAnswer } from '@covenant/contracts/banking';
import { bankStatementLines, bankStatements } from '@covenant/db/schema/banking';
import { onCommit } from '../../lib/context.ts';
import { ConflictError } from '../../lib/errors.ts';
import { readFileAndFields, requireSession } from '../../lib/request-body.ts';
import type { EntityDef } from '../../platform/entities/entity-def.ts';
import type { Feature } from '../../platform/registry.ts';
import { bankAccountEntity, seedBankAccounts } from './bank-accounts.ts';
import { importStatement } from './statement-import.ts';

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

async function bankingRoutes(app: FastifyInstance) {
  app.post(
    '/api/apps/:appId/bank-accounts/:id/statements',
    {
      schema: { tags: ['banking'], params: z.object({ appId: z.string(), id: z.string().max(64) }), response: { 200: statementImportAnswer } },
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
  entities: [bankAccountEntity, bankStatementEntity, bankStatementLineEntity],
  routes: bankingRoutes,
  seed: seedBankAccounts,
};

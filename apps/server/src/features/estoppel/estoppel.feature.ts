import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ESTOPPEL_STATUSES, estoppelRequestInput, estoppelRequestUpdateInput } from '@covenant/contracts/estoppel';
import { fileResponse } from '@covenant/contracts/platform';
import { estoppelRequests } from '@covenant/db/schema/estoppel';
import { tableStep } from '../../platform/backup/table-step.ts';
import type { EntityDef, Row } from '../../platform/entities/entity-def.ts';
import type { Feature } from '../../platform/registry.ts';
import { pdfHeaders } from '../statements/statements.feature.ts';
import { transferOwnershipFn } from './transfer.service.ts';
import { cancelEstoppelRequestFn, certificatePdf, estoppelHooks, issueEstoppelCertificateFn, listEstoppelRequests } from './estoppel.service.ts';

/** Estoppel requests: staff record them (the server computes the due date and fee), issue or cancel them by function. */
export const estoppelRequestEntity: EntityDef = {
  name: 'EstoppelRequest',
  label: 'estoppel request',
  table: estoppelRequests,
  resource: 'estoppel',
  createInput: estoppelRequestInput as unknown as z.ZodType<Row>,
  updateInput: estoppelRequestUpdateInput as unknown as z.ZodType<Row>,
  derivedFields: ['status', 'due_on', 'fee_amount', 'fee_rule', 'fee_message', 'delinquent', 'valid_until', 'issued_on', 'cancelled_on', 'certificate_file_id', 'figures'],
  scope: { kind: 'creator' },
  hooks: estoppelHooks(),
};

export const issueEstoppelCertificate = issueEstoppelCertificateFn(estoppelRequestEntity);
export const cancelEstoppelRequest = cancelEstoppelRequestFn(estoppelRequestEntity);

const params = z.object({ appId: z.string() });
const idParams = z.object({ appId: z.string(), id: z.string().max(100) });
const listQuery = z.object({ status: z.enum(ESTOPPEL_STATUSES).optional() });
const listRow = z.object({
  id: z.string(), property_id: z.string(), unit_number: z.string(), requester_name: z.string(), requester_email: z.string().nullable(), requested_on: z.string(),
  rush: z.boolean(), status: z.enum(ESTOPPEL_STATUSES), due_on: z.string(), fee_amount: z.number(), fee_rule: z.string().nullable(), fee_message: z.string().nullable(),
  delinquent: z.boolean(), valid_until: z.string().nullable(), issued_on: z.string().nullable(), cancelled_on: z.string().nullable(), is_overdue: z.boolean(),
});

async function estoppelRoutes(app: FastifyInstance) {
  app.get('/api/apps/:appId/estoppel-requests', { schema: { tags: ['estoppel'], params, querystring: listQuery, response: { 200: z.array(listRow) } } }, async (request) =>
    listEstoppelRequests(request.ctx, request.query as { status?: string }));
  app.get('/api/apps/:appId/estoppel-requests/:id/certificate', { schema: { tags: ['estoppel'], params: idParams, response: { 200: fileResponse(['application/pdf'], 'The issued certificate as a PDF') } } }, async (request, reply) => {
    const { pdf, filename } = await certificatePdf(request.ctx, estoppelRequestEntity, (request.params as { id: string }).id);
    return reply.headers(pdfHeaders(filename)).send(pdf);
  });
}

/** Estoppel requests with their frozen figures (the PDF is drawn from them again, so nothing else is kept). */
const estoppelBackupStep = tableStep('estoppel', 95, [
  { collection: 'estoppelRequests', entity: 'EstoppelRequest', label: 'estoppel request', table: estoppelRequests, refs: { property_id: 'properties' }, describe: (r) => `estoppel request of ${String(r.requested_on)}` },
]);

export const estoppelFeature: Feature = {
  name: 'estoppel',
  backup: [estoppelBackupStep],
  entities: [estoppelRequestEntity],
  functions: [issueEstoppelCertificate, cancelEstoppelRequest, transferOwnershipFn],
  routes: estoppelRoutes,
};

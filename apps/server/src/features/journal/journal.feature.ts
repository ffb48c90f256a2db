import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { journalEntryPageSchema } from '@covenant/contracts/ledger';
import type { Feature } from '../../platform/registry.ts';
import { importOpeningBalancesFn, listJournalEntries, postJournalEntry, reverseJournalEntry } from './journal.service.ts';

const params = z.object({ appId: z.string() });
const journalQuery = z.object({ type: z.string().optional(), from: z.string().optional(), to: z.string().optional(), limit: z.string().optional(), skip: z.string().optional() });

async function journalRoutes(app: FastifyInstance) {
  app.get('/api/apps/:appId/journal-entries', { schema: { tags: ['ledger'], params, querystring: journalQuery, response: { 200: journalEntryPageSchema } } }, async (request) => listJournalEntries(request.ctx, request.query));
}

/** Manual journal entries and the opening balances: documents of their own on the ledger, which sits below them. */
export const journalFeature: Feature = {
  name: 'journal',
  functions: [postJournalEntry, reverseJournalEntry, importOpeningBalancesFn],
  routes: journalRoutes,
};

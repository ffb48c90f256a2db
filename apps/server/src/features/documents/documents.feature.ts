import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  documentFields, documentListQuery, documentPage, documentSchema, documentUpdate, recordsChecklistSchema, recordsRequestInput, recordsRequestListQuery, recordsRequestPage,
  recordsRequestSchema, recordsRequestUpdate,
} from '@covenant/contracts/association-documents';
import { fileResponse } from '@covenant/contracts/platform';
import { successSchema } from '@covenant/contracts/records';
import { bodyReadByTheService, fileField, multipartBody, noBody } from '../../lib/documented-body.ts';
import { readFileAndFields, requireSession } from '../../lib/request-body.ts';
import type { Feature } from '../../platform/registry.ts';
import { documentsBackupStep } from './documents.backup.ts';
import {
  createRecordsRequest, deleteDocument, documentFile, getRecordsChecklist, listDocuments, listRecordsRequests, MAX_DOCUMENT_BYTES, requireDocumentWriter, updateDocument,
  updateRecordsRequest, uploadDocument,
} from './documents.service.ts';

const params = z.object({ appId: z.string() });
const idParams = z.object({ appId: z.string(), id: z.string().max(100) });
const tags = ['documents'];
const id = (request: { params: unknown }) => (request.params as { id: string }).id;

async function documentRoutes(app: FastifyInstance) {
  app.get('/api/apps/:appId/documents', { schema: { tags, params, querystring: documentListQuery.partial().loose(), response: { 200: documentPage } } }, async (request) => listDocuments(request.ctx, request.query));
  app.post(
    '/api/apps/:appId/documents',
    {
      schema: {
        tags, params,
        ...multipartBody({
          file: fileField('The document: a PDF or an image (by content), up to 20 MB'),
          title: z.string(), category: documentFields.shape.category, visibility: documentFields.shape.visibility,
          effective_date: z.string().optional().describe('YYYY-MM-DD'), supersedes_id: z.string().optional().describe('The document this one replaces'),
        }),
        response: { 200: documentSchema },
      },
      validatorCompiler: bodyReadByTheService,
      bodyLimit: MAX_DOCUMENT_BYTES + 256 * 1024,
      onRequest: requireSession,
    },
    async (request) => {
      await requireDocumentWriter(request.ctx);
      const { file, fields } = await readFileAndFields(request, 'file', 'document', MAX_DOCUMENT_BYTES);
      return uploadDocument(request.ctx, file, fields);
    },
  );
  app.get('/api/apps/:appId/documents/records-checklist', { schema: { tags, params, response: { 200: recordsChecklistSchema } } }, async (request) => getRecordsChecklist(request.ctx));
  app.get(
    '/api/apps/:appId/documents/:id/file',
    { schema: { tags, params: idParams, response: { 200: fileResponse(['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'image/gif'], 'The document\'s file') } } },
    async (request, reply) => {
      const f = await documentFile(request.ctx, id(request));
      return reply
        .header('Content-Type', f.contentType)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Content-Disposition', `inline; filename="${f.filename.replace(/[^\w. -]/g, '_')}"`)
        .header('Cache-Control', 'private, no-store')
        .send(f.data);
    },
  );
  app.put('/api/apps/:appId/documents/:id', { schema: { tags, params: idParams, body: documentUpdate, response: { 200: documentSchema } }, validatorCompiler: bodyReadByTheService }, async (request) =>
    updateDocument(request.ctx, id(request), request.body),
  );
  app.delete('/api/apps/:appId/documents/:id', { schema: { tags, params: idParams, ...noBody, response: { 200: successSchema } }, validatorCompiler: bodyReadByTheService }, async (request) =>
    deleteDocument(request.ctx, id(request)),
  );

  app.get('/api/apps/:appId/records-requests', { schema: { tags, params, querystring: recordsRequestListQuery.partial().loose(), response: { 200: recordsRequestPage } } }, async (request) =>
    listRecordsRequests(request.ctx, request.query),
  );
  app.post('/api/apps/:appId/records-requests', { schema: { tags, params, body: recordsRequestInput, response: { 200: recordsRequestSchema } }, validatorCompiler: bodyReadByTheService }, async (request) =>
    createRecordsRequest(request.ctx, request.body),
  );
  app.put('/api/apps/:appId/records-requests/:id', { schema: { tags, params: idParams, body: recordsRequestUpdate, response: { 200: recordsRequestSchema } }, validatorCompiler: bodyReadByTheService }, async (request) =>
    updateRecordsRequest(request.ctx, id(request), request.body),
  );
}

export const documentsFeature: Feature = { name: 'documents', backup: [documentsBackupStep], routes: documentRoutes };

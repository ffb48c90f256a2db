import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fileResponse, uploadedFileSchema } from '@covenant/contracts/platform';
import { bodyReadByTheService, fileField, multipartBody } from '../../lib/documented-body.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { readFilePart, requireSession } from '../../lib/request-body.ts';
import { readStoredFile, storeImage } from './files.service.ts';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/** Core integrations: UploadFile (images); uploaded files are served with headers that keep them inert. */
export async function fileRoutes(app: FastifyInstance) {
  app.post(
    '/api/apps/:appId/integration-endpoints/Core/:name',
    {
      schema: {
        tags: ['files'],
        params: z.object({ appId: z.string(), name: z.string() }),
        ...multipartBody({ file: fileField(`The image (${IMAGE_TYPES.join(', ')}, by content), at most MAX_UPLOAD_BYTES`) }),
        response: { 200: uploadedFileSchema },
      },
      validatorCompiler: bodyReadByTheService,
      onRequest: requireSession,
    },
    async (request) => {
      const { name } = request.params as { name: string };
      if (name !== 'UploadFile') throw new NotFoundError(`Integration '${name}' is not available on this server`);
      const { data, filename } = await readFilePart(request, 'file', 'file');
      return storeImage(request.ctx, data, filename);
    },
  );

  app.get(
    '/api/apps/:appId/files/:name',
    { schema: { tags: ['files'], params: z.object({ appId: z.string(), name: z.string() }), response: { 200: fileResponse(IMAGE_TYPES, 'The stored image') } } },
    async (request, reply) => {
      const { data, contentType } = await readStoredFile(request.ctx, (request.params as { name: string }).name);
      return reply
        .header('Content-Type', contentType)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Content-Disposition', 'inline')
        .header('Cache-Control', 'private, max-age=31536000, immutable')
        .header('Cross-Origin-Resource-Policy', 'same-origin')
        .send(data);
    },
  );
}

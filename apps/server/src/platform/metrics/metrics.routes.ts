import type { FastifyInstance } from 'fastify';
import { fileResponse } from '@covenant/contracts/platform';
import { readMetrics, type Metrics } from './metrics.service.ts';

/** GET /api/metrics: Prometheus text format, for administrators or a scraper holding METRICS_TOKEN. */
export async function metricsRoutes(app: FastifyInstance, { metrics }: { metrics: Metrics }) {
  app.get('/api/metrics', { schema: { tags: ['platform'], response: { 200: fileResponse(['text/plain'], 'The metrics in the Prometheus text format') } } }, async (request, reply) => {
    const text = await readMetrics(request.ctx, metrics, request.bearerToken);
    return reply.type(metrics.registry.contentType).send(text);
  });
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { workOrderDetailSchema, workOrdersPage, workOrdersQuery } from '@covenant/contracts/work-orders';
import type { Feature } from '../../platform/registry.ts';
import { workOrdersBackupStep } from './work-orders.backup.ts';
import {
  addWorkOrderComment, assignWorkOrderVendor, linkWorkOrderBill, listWorkOrders, setWorkOrderStatus, submitWorkOrder, workOrderDetail, workOrderEntity,
} from './work-orders.service.ts';

const params = z.object({ appId: z.string() });
const idParams = z.object({ appId: z.string(), id: z.string().max(100) });

async function workOrderRoutes(app: FastifyInstance) {
  app.get('/api/apps/:appId/work-orders', { schema: { tags: ['work-orders'], params, querystring: workOrdersQuery.partial().loose(), response: { 200: workOrdersPage } } }, async (request) => listWorkOrders(request.ctx, request.query));
  app.get('/api/apps/:appId/work-orders/:id', { schema: { tags: ['work-orders'], params: idParams, response: { 200: workOrderDetailSchema } } }, async (request) => workOrderDetail(request.ctx, (request.params as { id: string }).id));
}

export const workOrdersFeature: Feature = {
  name: 'work-orders',
  backup: [workOrdersBackupStep],
  entities: [workOrderEntity],
  functions: [submitWorkOrder, setWorkOrderStatus, assignWorkOrderVendor, linkWorkOrderBill, addWorkOrderComment],
  routes: workOrderRoutes,
};

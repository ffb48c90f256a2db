import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { myAccountSchema } from '@covenant/contracts/statements';
import type { Ctx } from '../../lib/context.ts';
import type { Feature } from '../../platform/registry.ts';
import { sendStatement, statementResponse } from '../statements/statements.feature.ts';
import { statementQuery } from '../statements/statement.service.ts';
import { myAccount, myStatement } from './my-account.service.ts';

const params = z.object({ appId: z.string() });

async function myAccountRoutes(app: FastifyInstance) {
  app.get('/api/apps/:appId/my-account', { schema: { tags: ['my-account'], params, response: { 200: myAccountSchema } } }, async (request) => myAccount(request.ctx as Ctx));
  app.get('/api/apps/:appId/my-account/statement', { schema: { tags: ['my-account'], params, querystring: statementQuery.partial().loose(), response: { 200: statementResponse } } }, async (request, reply) =>
    sendStatement(request.ctx as Ctx, reply, await myStatement(request.ctx as Ctx, request.query), request.query),
  );
}

export const myAccountFeature: Feature = { name: 'my-account', routes: myAccountRoutes };

import { analysesDone, analyzeNeverAnalyzed } from './lib/analyze.ts';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Fastify, { LogController, type FastifyError, type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createDb, type DbHandle } from '@covenant/db/client';
import type { AppConfig } from './config.ts';
import { associationCtx, type Association, type Ctx, type Services } from './lib/context.ts';
import { translateDbError } from './lib/db-errors.ts';
import { markOptionalBodies } from './lib/documented-body.ts';
import { AppError, NotFoundError } from './lib/errors.ts';
import { assertEnrolledIfRequired, assertMember, assertWritable, bearerOf } from './lib/http.ts';
import { discardUnreadBody } from './lib/request-body.ts';
import { serializeRequest } from './lib/log-redaction.ts';
import { parseJsonSafely } from './lib/safe-json.ts';
import { accountsFeature } from './features/accounts/accounts.feature.ts';
import { announcementsFeature } from './features/announcements/announcements.feature.ts';
import { assessmentsFeature } from './features/assessments/assessments.feature.ts';
import { calendarFeature } from './features/calendar/calendar.feature.ts';
import { collectionsFeature } from './features/collections/collections.feature.ts';
import { votesFeature } from './features/votes/votes.feature.ts';
import { meetingsFeature } from './features/meetings/meetings.feature.ts';
import { backupFeature } from './features/backup/backup.feature.ts';
import { billingFeature } from './features/billing/billing.feature.ts';
import { billsFeature } from './features/bills/bills.feature.ts';
import { budgetsFeature } from './features/budgets/budgets.feature.ts';
import { dashboardFeature } from './features/dashboard/dashboard.feature.ts';
import { documentsFeature } from './features/documents/documents.feature.ts';
import { fundsFeature } from './features/funds/funds.feature.ts';
import { invoicesFeature } from './features/invoices/invoices.feature.ts';
import { journalFeature } from './features/journal/journal.feature.ts';
import { itemsFeature } from './features/items/items.feature.ts';
import { ledgerFeature } from './features/ledger/ledger.feature.ts';
import { AccountTotalsFolder, foldAccountTotals } from './features/ledger/ledger-totals.service.ts';
import { sealJournal } from './features/ledger/hash-chain.service.ts';
import { orgSettingsFeature } from './features/org-settings/org-settings.feature.ts';
import { ownersFeature } from './features/owners/owners.feature.ts';
import { paymentsFeature } from './features/payments/payments.feature.ts';
import { portfolioFeature } from './features/portfolio/portfolio.feature.ts';
import { bankingFeature } from './features/banking/banking.feature.ts';
import { workOrdersFeature } from './features/work-orders/work-orders.feature.ts';
import { architecturalRequestsFeature } from './features/architectural-requests/architectural-requests.feature.ts';
import { estoppelFeature } from './features/estoppel/estoppel.feature.ts';
import { achFeature } from './features/ach/ach.feature.ts';
import { violationsFeature } from './features/violations/violations.feature.ts';
import { propertiesFeature } from './features/properties/properties.feature.ts';
import { myAccountFeature } from './features/my-account/my-account.feature.ts';
import { mailingsFeature } from './features/mailings/mailings.feature.ts';
import { statementsFeature } from './features/statements/statements.feature.ts';
import { reservesFeature } from './features/reserves/reserves.feature.ts';
import { reportsFeature } from './features/reports/reports.feature.ts';
import { rolesFeature } from './features/roles/roles.feature.ts';
import { taxRatesFeature } from './features/tax-rates/tax-rates.feature.ts';
import { usersFeature } from './features/users/users.feature.ts';
import { vendorsFeature } from './features/vendors/vendors.feature.ts';
import { Registry, type Feature } from './platform/registry.ts';
import { appLogRoutes } from './platform/app-logs/app-logs.routes.ts';
import { auditRoutes } from './platform/audit/audit.routes.ts';
import { authRoutes } from './platform/auth/auth.routes.ts';
import { actorFromToken, createAdministrator, needsSetup } from './platform/auth/auth.service.ts';
import { createAuth } from './platform/auth/better-auth.ts';
import { Mailer } from './platform/email/mailer.ts';
import { entityRoutes } from './platform/entities/entities.routes.ts';
import { createFileStore } from './platform/files/file-store.ts';
import { fileRoutes } from './platform/files/files.routes.ts';
import { functionRoutes } from './platform/functions/functions.routes.ts';
import { metricsRoutes } from './platform/metrics/metrics.routes.ts';
import { Metrics } from './platform/metrics/metrics.service.ts';
import { ChangeBus } from './platform/realtime/change-bus.ts';
import { RealtimeServer } from './platform/realtime/realtime.server.ts';
import { reportRoutes } from './platform/reports/reports.routes.ts';
import { Scheduler } from './platform/scheduler/scheduler.ts';
import { settingsRoutes } from './platform/settings/settings.routes.ts';
import { Tenancy } from './platform/tenancy/tenancy.ts';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Every feature of the app; their entities, functions, reports and routes make the registries. */
export const FEATURES: readonly Feature[] = [
  ownersFeature, propertiesFeature, usersFeature, rolesFeature, orgSettingsFeature, itemsFeature, taxRatesFeature, accountsFeature, fundsFeature,
  invoicesFeature, paymentsFeature, vendorsFeature, billsFeature, billingFeature, backupFeature, reportsFeature, dashboardFeature, ledgerFeature, journalFeature,
  budgetsFeature, reservesFeature, statementsFeature, mailingsFeature, myAccountFeature, assessmentsFeature,
  collectionsFeature, portfolioFeature, bankingFeature, achFeature, votesFeature, meetingsFeature,
  announcementsFeature, documentsFeature, calendarFeature,
  violationsFeature,
  workOrdersFeature, architecturalRequestsFeature, estoppelFeature,
];

export interface RegisteredRoute {
  method: string;
  url: string;
}

export interface BuiltApp {
  app: FastifyInstance;
  /** Every route the server registered (the authorization matrix test walks them all). */
  routes: RegisteredRoute[];
  /** The database, its `db` being the first association's (APP_ID): what scripts and tests mostly query. */
  db: DbHandle;
  /** The database as opened: its `db` is the shared schema's (people, memberships, the association registry). */
  dbHandle: DbHandle;
  services: Services;
  realtime: RealtimeServer;
  /** A context outside any request, in an association (the first one, APP_ID, by default): bootstrap, scripts, tests. */
  systemCtx(appId?: string): Ctx;
  close(): Promise<void>;
}

async function loadAuthSecret(config: AppConfig): Promise<string> {
  if (config.authSecret) return config.authSecret;
  if (config.inMemoryDb) return randomBytes(32).toString('hex');
  const file = join(config.dataDir, 'auth-secret');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const secret = randomBytes(32).toString('hex');
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(file, secret, { mode: 0o600, flag: 'wx' }).catch(() => undefined);
  return (await readFile(file, 'utf8')).trim();
}

/** Builds the whole server: database (migrated), platform services, routes, realtime. Tests use it too. */
export async function buildApp(config: AppConfig, opts: { sharedDb?: DbHandle; logStream?: { write(line: string): void } } = {}): Promise<BuiltApp> {
  if (!opts.sharedDb && !config.inMemoryDb && !config.databaseUrl) await mkdir(join(config.dataDir, 'db'), { recursive: true });
  // The instance's first association (made on the first start, or adopted from a single-association database).
  const first = { firstAppId: config.appId, firstName: 'Covenant' };
  // A second process on the same database (tests of multi-node realtime) shares the handle and does not close it.
  const db: DbHandle = opts.sharedDb
    ? { ...opts.sharedDb, close: async () => undefined }
    : await createDb({
        databaseUrl: config.databaseUrl,
        pgliteDir: config.inMemoryDb || config.databaseUrl ? undefined : join(config.dataDir, 'db'),
        pgliteCacheDir: config.pgliteCacheDir,
        prepareFor: first,
        migrationsFolder: config.migrationsDir,
        sharedMigrationsFolder: config.sharedMigrationsDir,
        onIdleError: (err) => console.error(JSON.stringify({ level: 'warn', msg: 'idle database connection lost', err: err.message })),
      });
  // The shared schema, the first association (or a single-association database adopted as it), every schema current.
  const migrated = await db.migrate(first);
  const tenancy = new Tenancy(db);
  await tenancy.load();
  const mailer = new Mailer(config.smtpUrl, config.smtpFrom);
  const registry = new Registry(FEATURES);
  const bus = new ChangeBus();
  const services: Services = {
    config, mailer, auth: createAuth(db.db, config, mailer, await loadAuthSecret(config)), bus, changes: bus.scopedTo(config.appId), registry, tenancy,
    files: await createFileStore(config),
  };
  const firstAssociation = (await tenancy.get(config.appId))!;
  const systemCtx = (appId?: string): Ctx => {
    const association = appId ? tenancy.list().find((a) => a.app_id === appId) : firstAssociation;
    if (!association) throw new Error(`No association '${appId}'`);
    return associationCtx(services, association);
  };

  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, serializers: { req: serializeRequest }, ...(opts.logStream ? { stream: opts.logStream } : {}) },
    trustProxy: false,
    // Our id, or the caller's (a proxy's) when it is a short safe token; logged with every line of the request.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
    // Small by default; routes that take a file or a batch set their own larger limit.
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
  });
  // Our own JSON parser: readable errors, and prototype-pollution keys refused at any depth.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, parseJsonSafely(text, 'Request body'));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
  const metrics = new Metrics({ pool: db.poolStats, realtimeConnections: () => realtime.io.engine.clientsCount });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // While stopping, a finished response ends its keep-alive connection, which would otherwise hold the close.
  let draining = false;
  app.addHook('onSend', async (request, reply) => {
    if (draining) reply.header('connection', 'close');
    // Fastify answers a body over the route's limit with "connection: close", and the socket then closes while the
    // client is still sending: the client sees a reset instead of the 413. The connection stays open instead and
    // the rest of the body is read and discarded after the answer (onResponse, within bounds).
    else if (reply.statusCode === 413 && !request.raw.complete) reply.removeHeader('connection');
  });
  app.addHook('onResponse', async (request, reply) => {
    // Refused before its body was read (no session, too large): read the rest and discard it, within bounds.
    if (!request.raw.complete) discardUnreadBody(request.raw);
    metrics.observe(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
  });
  // Registered first, so every route (plugins' too) is recorded for the authorization matrix test.
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: { fileSize: config.maxUploadBytes, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 21 } });
  await app.register(swagger, {
    openapi: { info: { title: 'Covenant API', version: '0.1.0', description: 'The platform wire protocol (entities, auth, files, logs, functions) of Covenant.' } },
    transform: jsonSchemaTransform,
    transformObject: (document) => ('openapiObject' in document ? markOptionalBodies(document.openapiObject) : document.swaggerObject),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  app.decorateRequest('ctx', null as unknown as Ctx);
  app.decorateRequest('bearerToken', undefined);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    request.bearerToken = bearerOf(request);
    // The association is the one the path names; every query of the request runs in its schema.
    const appId = (request.params as { appId?: string } | undefined)?.appId;
    const association = appId === undefined ? null : await tenancy.get(appId);
    if (appId !== undefined && !association) throw new NotFoundError('App not found');
    const ctx: Ctx = association ? associationCtx(services, association) : { db: db.db, association: null, actor: null, services, permissionCache: new Map() };
    ctx.actor = await actorFromToken(ctx, request.bearerToken);
    ctx.client = { ip: request.ip };
    request.ctx = ctx;
  });
  app.addHook('preHandler', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    assertMember(request);
    assertEnrolledIfRequired(request);
    assertWritable(request);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = describeError(error);
    if (status >= 500) request.log.error({ err: error }, 'unhandled error');
    return reply.status(status).send({ ...body, request_id: request.id });
  });

  await app.register(settingsRoutes, { perMinute: config.authRateLimitPerMinute });
  await app.register(authRoutes, { perMinute: config.authRateLimitPerMinute });
  await app.register(entityRoutes, { registry });
  await app.register(fileRoutes);
  await app.register(appLogRoutes);
  await app.register(auditRoutes);
  await app.register(functionRoutes, { registry, checkAnswers: config.checkAnswers });
  await app.register(reportRoutes, { registry, checkAnswers: config.checkAnswers });
  await app.register(metricsRoutes, { metrics });
  for (const feature of FEATURES) if (feature.routes) await app.register(feature.routes);

  const webDist = config.webDistDir;
  const hasWeb = !!webDist && existsSync(join(webDist, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: webDist!, wildcard: false, index: false, maxAge: '1h' });
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && !request.url.startsWith('/api/') && hasWeb) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}`, code: 'not_found', request_id: request.id });
  });

  const realtime = new RealtimeServer(app.server, services, app.log);
  if (config.redisUrl) await realtime.useRedis(config.redisUrl);
  // Before the HTTP server stops: open sockets would hold its close forever; clients reconnect to another process.
  app.addHook('preClose', async () => {
    draining = true;
    realtime.io.local.disconnectSockets(true);
  });

  await app.ready();
  // Processes starting together on one database seed and create the first administrator one at a time. Seeds run
  // in the associations whose schema this start made or migrated (their defaults never change otherwise).
  await db.exclusive('covenant:bootstrap', () => bootstrap(services, migrated.migrated > 0 || migrated.first ? tenancy.list() : [firstAssociation], config, app));
  // Postings append per-account deltas; the folder merges them into the running totals shortly after.
  // The sealer chains the new entries' hashes the same way. Each association's ledger is its own.
  const folder = new AccountTotalsFolder((err) => app.log.warn({ err }, 'ledger upkeep (totals fold, hash chain) failed'), 250, [foldAccountTotals, sealJournal]);
  services.onLedgerWrite = (association) => folder.schedule(association.db);
  for (const a of tenancy.list()) folder.schedule(a.db);
  // The daily runs (assessments, late fees, collections) at each association's run hour, in this process unless turned off.
  const scheduler = config.schedulerEnabled
    ? new Scheduler(
        [...registry.jobs.values()],
        () => tenancy.list().filter((a) => !a.archived).map((a) => associationCtx(services, a)),
        (job, err) => app.log.error({ err, job }, 'scheduled job failed'),
      )
    : null;

  return {
    app,
    routes,
    db: { ...db, db: firstAssociation.db },
    dbHandle: db,
    services,
    realtime,
    systemCtx,
    /** Stops accepting, finishes requests in flight, then closes realtime and the database. */
    async close() {
      await scheduler?.close();
      await app.close();
      await analysesDone();
      await realtime.close();
      await folder.close();
      await services.files.close();
      await db.close();
    },
  };
}

/**
 * Every feature's seed in one association (idempotent): a new association, or one whose schema was migrated; then
 * the statistics of the tables that have none (the seeded ones, the new ones of a migration).
 */
export async function seedAssociation(ctx: Ctx): Promise<void> {
  for (const feature of FEATURES) await feature.seed?.(ctx);
  await analyzeNeverAnalyzed(ctx);
}

/** The one error model on the wire: status and `{message, code, detail?}` for any error a request meets. */
function describeError(error: FastifyError): { status: number; body: Record<string, unknown> } {
  const known = error instanceof AppError ? error : translateDbError(error);
  if (known) {
    const body: Record<string, unknown> = { message: known.message, code: known.code };
    if (known.detail !== undefined) body.detail = known.detail;
    if (known.extra) Object.assign(body, known.extra);
    return { status: known.status, body };
  }
  if (error.validation) {
    const message = error.validation.map((v) => `${v.instancePath?.replace(/^\//, '') || (v.params as { issue?: { path?: string[] } })?.issue?.path?.join('.') || error.validationContext || 'input'}: ${v.message}`).join('; ');
    return { status: 400, body: { message, code: 'validation_error' } };
  }
  if (error.code === 'FST_REQ_FILE_TOO_LARGE') return { status: 413, body: { message: 'The file is too large', code: 'file_too_large' } };
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return { status: 413, body: { message: 'The request is too large', code: 'request_too_large' } };
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    const code = error.statusCode === 429 ? 'too_many_requests' : (error.code ?? 'bad_request').toLowerCase();
    const message = error.statusCode === 429 ? 'Too many requests. Please wait a moment and try again.' : error.message;
    return { status: error.statusCode, body: { message, code } };
  }
  return { status: 500, body: { message: 'An unexpected error occurred', code: 'internal_error' } };
}

/**
 * The features' seeds (default roles and privileges, the chart of accounts) in the given associations; the
 * administrator from ADMIN_EMAIL/ADMIN_PASSWORD when nobody has a sign-in yet, in the first association.
 */
async function bootstrap(services: Services, associations: readonly Association[], config: AppConfig, app: FastifyInstance) {
  for (const a of associations) await seedAssociation(associationCtx(services, a));
  const ctx = associationCtx(services, (await services.tenancy.get(config.appId))!);
  if (config.adminEmail && config.adminPassword && (await needsSetup(ctx))) {
    await createAdministrator(ctx, { email: config.adminEmail.toLowerCase(), password: config.adminPassword, full_name: 'Administrator' });
    app.log.info({ email: config.adminEmail }, 'created the administrator from ADMIN_EMAIL');
  }
}

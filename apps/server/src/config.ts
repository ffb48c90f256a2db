import { resolve } from 'node:path';
import { z } from 'zod';
import { isTimeZone } from '@covenant/contracts/dates';
import { parseSecretKey, type SecretKey } from './lib/secret-box.ts';

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional().or(z.literal('').transform(() => undefined)),
  COVENANT_PGLITE_CACHE: z.string().optional().transform((v) => v || undefined),
  // The first association's app id: 3-40 lowercase letters, digits and hyphens (it names its PostgreSQL schema too).
  APP_ID: z.string().regex(/^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$/, 'APP_ID: 3 to 40 lowercase letters, digits and hyphens').default('covenant'),
  PUBLIC_URL: z.string().url().optional().or(z.literal('').transform(() => undefined)),
  SMTP_URL: z.string().optional().or(z.literal('').transform(() => undefined)),
  SMTP_FROM: z.string().default('Covenant <no-reply@localhost>'),
  REDIS_URL: z.string().optional().or(z.literal('').transform(() => undefined)),
  ADMIN_EMAIL: z.string().email().optional().or(z.literal('').transform(() => undefined)),
  ADMIN_PASSWORD: z.string().min(8).optional().or(z.literal('').transform(() => undefined)),
  AUTH_SECRET: z.string().min(32).optional().or(z.literal('').transform(() => undefined)),
  MAX_UPLOAD_BYTES: z.coerce.number().int().positive().default(5 * 1024 * 1024),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  S3_ENDPOINT: z.string().url().optional().or(z.literal('').transform(() => undefined)),
  S3_BUCKET: z.string().optional().or(z.literal('').transform(() => undefined)),
  S3_ACCESS_KEY_ID: z.string().optional().or(z.literal('').transform(() => undefined)),
  S3_SECRET_ACCESS_KEY: z.string().optional().or(z.literal('').transform(() => undefined)),
  S3_REGION: z.string().default('us-east-1'),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('true'),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional().or(z.literal('').transform(() => undefined)),
  /** 32 random bytes in base64: seals bank and ACH account numbers (AES-256-GCM); without it they cannot be saved. */
  BANK_ENCRYPTION_KEY: z.string().optional().or(z.literal('').transform(() => undefined)),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(15_000),
  /** off: no scheduled runs in this process (manual runs still work). */
  SCHEDULER: z.enum(['on', 'off']).default('on'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('development'),
  TIME_ZONE: z.string().refine(isTimeZone, 'TIME_ZONE must be an IANA time zone such as America/Chicago').optional().or(z.literal('').transform(() => undefined)),
});

export interface S3Config {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Bucket in the path (https://host/bucket/key), as most S3-compatible stores expect. */
  forcePathStyle: boolean;
}

const S3_KEYS = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** In-memory PGlite for tests when neither databaseUrl nor a data dir database is wanted. */
  inMemoryDb: boolean;
  /** Where the fresh PGlite cluster new embedded databases are copied from is kept (unset: node_modules/.cache/covenant). */
  pgliteCacheDir: string | undefined;
  appId: string;
  publicUrl: string;
  smtpUrl: string | undefined;
  smtpFrom: string;
  redisUrl: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  authSecret: string | undefined;
  maxUploadBytes: number;
  /** Uploaded files go to this bucket when set, to DATA_DIR/uploads otherwise. */
  s3: S3Config | undefined;
  logLevel: string;
  /** A bearer token that may read /api/metrics besides administrators (a Prometheus scraper). */
  metricsToken: string | undefined;
  /** The key sealing bank account numbers (BANK_ENCRYPTION_KEY); absent, account numbers cannot be saved. */
  bankKey: SecretKey | undefined;
  /** How long a stopping server waits for requests in flight before it closes their connections. */
  shutdownTimeoutMs: number;
  /** Runs the daily jobs (assessments, late fees) at the organization's run hour. */
  schedulerEnabled: boolean;
  webDistDir: string | undefined;
  /** The migrations folders (each association's schema; the shared schema), found from this file in the source tree and in the bundle (apps/server/dist) alike. */
  migrationsDir: string;
  sharedMigrationsDir: string;
  /** Rate limits are on in production and tests of them; a test suite may loosen them. */
  authRateLimitPerMinute: number;
  failedLoginLimit: number;
  /** The association's time zone: what "today" means for dates the server fills in. */
  timeZone: string;
  /** Outside production (NODE_ENV=production) every function's and report's answer is checked against its schema: a mismatch is a 500. */
  checkAnswers: boolean;
}

/** Reads the environment once; nothing else in the server reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  const s3Given = S3_KEYS.filter((key) => e[key] !== undefined);
  if (s3Given.length > 0 && s3Given.length < S3_KEYS.length) {
    throw new Error(`Invalid configuration:\n  set all of ${S3_KEYS.join(', ')} to store files in S3, or none of them (missing: ${S3_KEYS.filter((k) => !s3Given.includes(k)).join(', ')})`);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    inMemoryDb: false,
    pgliteCacheDir: e.COVENANT_PGLITE_CACHE ? resolve(e.COVENANT_PGLITE_CACHE) : undefined,
    appId: e.APP_ID,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    redisUrl: e.REDIS_URL,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    authSecret: e.AUTH_SECRET,
    maxUploadBytes: e.MAX_UPLOAD_BYTES,
    s3: s3Given.length
      ? { endpoint: e.S3_ENDPOINT!, bucket: e.S3_BUCKET!, accessKeyId: e.S3_ACCESS_KEY_ID!, secretAccessKey: e.S3_SECRET_ACCESS_KEY!, region: e.S3_REGION, forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true' }
      : undefined,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    bankKey: e.BANK_ENCRYPTION_KEY ? parseSecretKey(e.BANK_ENCRYPTION_KEY) : undefined,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    schedulerEnabled: e.SCHEDULER === 'on',
    webDistDir: resolve(new URL('../../web/dist', import.meta.url).pathname),
    migrationsDir: resolve(new URL('../../../packages/db/migrations', import.meta.url).pathname),
    sharedMigrationsDir: resolve(new URL('../../../packages/db/migrations-shared', import.meta.url).pathname),
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    failedLoginLimit: 10,
    timeZone: e.TIME_ZONE ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    checkAnswers: e.NODE_ENV !== 'production',
  };
}

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

/** The production bundle the server suite's global setup builds. */
export const SERVER_BUNDLE = fileURLToPath(new URL('../dist/main.js', import.meta.url));

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  port: number;
  dataDir: string;
  /** Every line the process wrote to stdout and stderr. */
  lines: string[];
  /** JSON log lines (pino) parsed. */
  logs(): Array<Record<string, unknown>>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then the exit (SIGKILL after `ms`); the data directory is removed unless kept. */
  stop(opts?: { ms?: number; keepData?: boolean }): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const SERVER_ENV_KEYS = ['PATH', 'HOME', 'LANG', 'TZ', 'NODE_ENV'];

/**
 * Starts `node apps/server/dist/main.js` as production does, on a free loopback port, and waits until
 * /api/health answers 200 (at most `healthMs`). The environment holds only what is passed here.
 */
export async function startServerProcess(env: Record<string, string | undefined> = {}, opts: { dataDir?: string; healthMs?: number } = {}): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'covenant-proc-')));
  const baseUrl = `http://127.0.0.1:${port}`;
  const base: Record<string, string> = {};
  for (const key of SERVER_ENV_KEYS) if (process.env[key]) base[key] = process.env[key]!;
  const fullEnv: Record<string, string> = { ...base, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: baseUrl, LOG_LEVEL: 'info', AUTH_RATE_LIMIT_PER_MINUTE: '10000' };
  for (const [k, v] of Object.entries(env)) if (v !== undefined) fullEnv[k] = v;
  const child = spawn(process.execPath, ['--max-semi-space-size=16', SERVER_BUNDLE], { env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  for (const stream of [child.stdout!, child.stderr!]) {
    let rest = '';
    stream.on('data', (chunk: Buffer) => {
      const text = rest + chunk.toString('utf8');
      const parts = text.split('\n');
      rest = parts.pop() ?? '';
      lines.push(...parts.filter((l) => l.trim() !== ''));
    });
  }
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  void exited.then((e) => (exit = e));

  const proc: ServerProcess = {
    child,
    baseUrl,
    port,
    dataDir,
    lines,
    exited,
    logs: () => lines.flatMap((l) => {
      try {
        return [JSON.parse(l) as Record<string, unknown>];
      } catch {
        return [];
      }
    }),
    async stop({ ms = 20_000, keepData = false } = {}) {
      if (!exit) {
        child.kill('SIGTERM');
        const done = await Promise.race([exited, delay(ms).then(() => null)]);
        if (!done) {
          child.kill('SIGKILL');
          await exited;
        }
      }
      if (!keepData && !opts.dataDir) await rm(dataDir, { recursive: true, force: true });
      return exited;
    },
  };

  const deadline = Date.now() + (opts.healthMs ?? 60_000);
  while (Date.now() < deadline) {
    if (exit) throw new Error(`The server exited before it was healthy (${JSON.stringify(exit)}):\n${lines.slice(-30).join('\n')}`);
    const status = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) }).then((r) => r.status, () => 0);
    if (status === 200) return proc;
    await delay(200);
  }
  await proc.stop();
  throw new Error(`GET /api/health did not answer 200 in time:\n${lines.slice(-30).join('\n')}`);
}

/** A unique name for throwaway resources (databases, buckets). */
export const uniqueName = (prefix: string) => `${prefix}_${randomBytes(5).toString('hex')}`;

/** Whether something accepts TCP connections at the URL's host and port (Redis). */
export function isReachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * A Redis for the test: the machine's (TEST_REDIS_URL, default 127.0.0.1:6379, which .ci/run starts), or
 * else a private redis-server on a free port; null with the reason when neither is possible.
 */
export async function useRedis(): Promise<{ url: string; stop(): Promise<void> } | { url: null; reason: string }> {
  const machine = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
  if (await isReachable(machine)) return { url: machine, stop: async () => undefined };
  const port = await freePort();
  const child = spawn('redis-server', ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const failed = new Promise<string>((resolve) => child.once('error', (err) => resolve(err.message)));
  const url = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 50; i++) {
    if (await isReachable(url)) return { url, stop: async () => void child.kill('SIGTERM') };
    const error = await Promise.race([failed, delay(100).then(() => null)]);
    if (error) return { url: null, reason: `no Redis at ${machine} and redis-server could not start (${error})` };
  }
  child.kill('SIGKILL');
  return { url: null, reason: `no Redis at ${machine} and redis-server did not answer on port ${port}` };
}

/** Runs an operator command of the bundle (`ops.js backup|restore`) with only the given environment. */
export function runOps(args: string[], env: Record<string, string | undefined>): Promise<{ code: number | null; output: string }> {
  const fullEnv: Record<string, string> = {};
  for (const key of SERVER_ENV_KEYS) if (process.env[key]) fullEnv[key] = process.env[key]!;
  for (const [k, v] of Object.entries(env)) if (v !== undefined) fullEnv[k] = v;
  const child = spawn(process.execPath, [fileURLToPath(new URL('../dist/ops.js', import.meta.url)), ...args], { env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

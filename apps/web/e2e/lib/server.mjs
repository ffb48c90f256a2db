import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

const HEALTH_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

/** A free TCP port on the loopback interface. */
export function findFreePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts the real server as `npm start` runs it (the bundle `apps/server/dist/main.js`, built by
 * `npm run build`) on a fresh data directory with the embedded database, and waits until
 * `GET /api/health` answers 200. `env` adds to its environment (the browser bench: DATABASE_URL, SCHEDULER).
 * @param {{ repoRoot: string, logFile: string, appId?: string, env?: Record<string, string> }} options
 */
export async function startServer({ repoRoot, logFile, appId = 'covenant-e2e', env: extra = {} }) {
  const port = await findFreePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'covenant-e2e-'));
  const baseURL = `http://127.0.0.1:${port}`;
  /** @type {NodeJS.ProcessEnv} */
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_ID: appId,
    // Every spec signs in from this one address; the production limit (30 a minute) would throttle the suite.
    AUTH_RATE_LIMIT_PER_MINUTE: '2000',
    PUBLIC_URL: baseURL,
    // A key of this run: bank account numbers are sealed as in production.
    BANK_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
  delete env.DATABASE_URL;
  delete env.ADMIN_EMAIL;
  delete env.ADMIN_PASSWORD;
  delete env.SMTP_URL;
  Object.assign(env, extra);

  const log = createWriteStream(logFile);
  const main = join(repoRoot, 'apps/server/dist/main.js');
  if (!existsSync(main)) throw new Error(`${main} is missing: build the server first (npm run build).`);
  // The same Node that runs this harness runs the server.
  const child = spawn(process.execPath, ['--max-semi-space-size=16', main], {
    cwd: repoRoot,
    env,
    // Its own process group, so stopping it stops everything it started.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

  const server = {
    baseURL,
    appId,
    dataDir,
    logFile,
    async logTail(lines = 40) {
      const text = await readFile(logFile, 'utf8').catch(() => '');
      return text.trimEnd().split('\n').slice(-lines).join('\n');
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        signalGroup(child.pid, 'SIGTERM');
        const stopped = await Promise.race([exited, delay(STOP_TIMEOUT_MS).then(() => null)]);
        if (!stopped) {
          signalGroup(child.pid, 'SIGKILL');
          await exited;
        }
      }
      log.end();
      await rm(dataDir, { recursive: true, force: true });
    },
  };

  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let exit = null;
  exited.then((result) => (exit = result));
  while (Date.now() < deadline) {
    if (exit) {
      await server.stop();
      throw new Error(`The server exited before it was healthy (${JSON.stringify(exit)}).\n${await server.logTail()}`);
    }
    const status = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return server;
    await delay(250);
  }
  const tail = await server.logTail();
  await server.stop();
  throw new Error(`GET /api/health did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s.\n${tail}`);
}

/** @param {number | undefined} pid @param {NodeJS.Signals} signal */
function signalGroup(pid, signal) {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

const config = loadConfig();
const built = await buildApp(config);
await built.app.listen({ port: config.port, host: config.host });

/**
 * SIGTERM/SIGINT: stop accepting connections, close the realtime sockets (clients reconnect elsewhere),
 * let requests in flight finish, then close the database. Past the timeout, open connections are cut.
 */
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    const log = built.app.log;
    log.info({ signal, timeout_ms: config.shutdownTimeoutMs }, 'shutting down: finishing requests in flight');
    const cut = setTimeout(() => {
      log.warn('requests still in flight at the shutdown timeout: closing their connections');
      built.app.server.closeAllConnections();
      setTimeout(() => process.exit(1), 5_000).unref();
    }, config.shutdownTimeoutMs);
    cut.unref();
    built.close().then(
      () => {
        clearTimeout(cut);
        log.info('shut down');
        process.exit(0);
      },
      (err) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

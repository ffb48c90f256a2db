import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

const config = loadConfig();
const built = await buildApp(config);
await built.app.listen({ port: config.port, host: config.host });

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    built.app.log.info({ signal }, 'shutting down');
    built.close().then(
      () => process.exit(0),
      (err) => {
        built.app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

/**
 * The real server for the stock benchmark, started as its own process by stock.ts: the application as
 * `npm start` builds it (migrations, admin, masters), without the background city seed, which would
 * compete with the measured searches. Prints `{"port": n}` once listening.
 */
import { buildApp } from '../apps/server/src/app.ts';
import { parseConfig } from '../apps/server/src/config.ts';

const config = parseConfig(process.env, process.cwd(), false);
const app = await buildApp(config, { seed: { referenceData: true } });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.stderr.write(
  `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
);
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});

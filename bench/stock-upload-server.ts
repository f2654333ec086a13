/**
 * The server process of bench/stock-upload.ts: the real application with the reference data seeded
 * (masters are what codes map to) and no city seed, so nothing else runs while an upload is measured.
 * Configured by the environment like `npm start`.
 */
import { buildApp } from '../apps/server/src/app.ts';
import { parseConfig } from '../apps/server/src/config.ts';

const config = parseConfig(process.env);
const app = await buildApp(config, { seed: { referenceData: true } });
await app.listen({ host: '127.0.0.1', port: config.port });
process.send?.('listening');
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});

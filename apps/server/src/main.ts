import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, parseConfig } from './config.ts';

async function start(): Promise<void> {
  const config = parseConfig(
    process.env,
    // `npm start` runs this in apps/server; relative paths mean the folder the person typed it in.
    process.env.INIT_CWD ?? process.cwd(),
    process.stdout.isTTY === true,
  );
  const app = await buildApp(config, {
    seed: { referenceData: true, ...(config.seedCities ? { cities: 'background' as const } : {}) },
  });
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info(`${signal ?? 'close'} received, shutting down`);
    await app.close();
  });
  await app.listen({ port: config.port, host: config.host });
}

start().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});

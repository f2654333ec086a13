import { buildApp } from '../../apps/server/src/app.ts';
import { parseConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { seedCities } from '../../apps/server/src/seeds/cities.ts';
import { seedDemo } from '../../apps/server/src/seeds/demo/demo-seed.ts';
import { DEMO_CITIES } from '../../apps/server/src/seeds/demo/places.ts';

/**
 * Writes the first start (super admin, masters, geography) and the demo data set (`npm run seed:demo`)
 * into a panel's data folder before its server starts, so every list has rows. Only the cities the demo
 * uses are inserted: the whole list takes seconds for nothing a test reads.
 */
export async function writeDemoData(dataDir: string): Promise<void> {
  const config = parseConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_CITIES: 'false' });
  const database = await openDatabase(config);
  try {
    const app = await buildApp(config, { database, seed: { referenceData: true } });
    await seedCities(database.db, app.log, { source: DEMO_CITIES });
    await app.close();
    await seedDemo(database.db, { dataDir });
  } finally {
    await database.close();
  }
}

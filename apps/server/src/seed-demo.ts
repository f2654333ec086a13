import path from 'node:path';
import { USER_TYPE_LABELS, USER_TYPES } from '@facet/contract';
import { buildApp } from './app.ts';
import { type Config, ConfigError, parseConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DEMO_PASSWORD, type DemoUser } from './seeds/demo/context.ts';
import { type DemoSeedResult, seedDemo } from './seeds/demo/demo-seed.ts';

/** Customer users listed by name; the rest are counted (the User screen lists them all). */
const CUSTOMERS_LISTED = 3;

function whereOf(config: Config): string {
  if (!config.databaseUrl) return path.join(config.dataDir, 'pglite');
  const url = new URL(config.databaseUrl);
  return `PostgreSQL ${url.host}${url.pathname}`;
}

function printUsers(users: readonly DemoUser[], config: Config): void {
  const customers = users.filter((user) => user.type === USER_TYPES.CUSTOMER && user.canSignIn);
  const listed = [
    ...users.filter((user) => user.type === USER_TYPES.EMPLOYEE),
    ...customers.slice(0, CUSTOMERS_LISTED),
    ...users.filter((user) => user.type === USER_TYPES.GUEST || user.type === USER_TYPES.PERMANENT_GUEST),
  ];
  const width = Math.max(...listed.map((user) => user.username.length));
  const mail = config.smtpUrl ? 'by e-mail' : `as .eml files in ${path.join(config.dataDir, 'mail')}`;
  console.log(`\nDemo users: every one signs in with the password ${DEMO_PASSWORD}`);
  console.log(
    `(the one-time sign-in code arrives ${mail}; the addresses are on the reserved .example domain).`,
  );
  for (const user of listed) {
    const state = user.canSignIn ? '' : '  [cannot sign in]';
    console.log(
      `  ${user.username.padEnd(width)}  ${USER_TYPE_LABELS[user.type].padEnd(15)}  ${user.note}${state}`,
    );
  }
  const more = customers.length - Math.min(customers.length, CUSTOMERS_LISTED);
  if (more > 0) console.log(`  ... and ${more} more customer users: see the User screen.`);
  console.log('The super admin is left as it was.');
}

function print(result: DemoSeedResult, config: Config): void {
  if (result.status === 'already-seeded') {
    const when = result.seededAt
      ? ` on ${result.seededAt.toISOString().replace('T', ' ').slice(0, 16)} UTC`
      : '';
    console.log(`The demo data was already added to this database${when}: nothing was changed.`);
    return;
  }
  console.log(`Demo data added to ${whereOf(config)} in ${(result.ms / 1000).toFixed(1)} s:`);
  const width = Math.max(...result.added.map(([label]) => label.length));
  for (const [label, count] of result.added)
    console.log(`  ${label.padEnd(width)}  ${String(count).padStart(5)}`);
  printUsers(result.users, config);
}

/**
 * `npm run seed:demo`: the server's configuration, its first start (migrations, super admin, master
 * data, geography with every city), then the demo data set, once per database.
 */
async function run(): Promise<void> {
  const config = parseConfig(
    // The first start's progress is noise here; the generated admin password is a warning and shows.
    { LOG_LEVEL: 'warn', ...process.env },
    // Like `npm start`: relative paths mean the folder the command was typed in.
    process.env.INIT_CWD ?? process.cwd(),
    process.stdout.isTTY === true,
  );
  console.log(
    `Preparing ${whereOf(config)}: migrations and first-start data (the world's cities take a few seconds the first time)...`,
  );
  const database = await openDatabase(config);
  try {
    const app = await buildApp(config, { database, seed: { referenceData: true, cities: 'inline' } });
    await app.close();
    print(await seedDemo(database.db, { dataDir: config.dataDir }), config);
  } finally {
    await database.close();
  }
}

run().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  // The demo set is written in one transaction: all of it or none.
  else console.error('The demo data was not added.\n', error);
  process.exitCode = 1;
});

import { openDatabase } from '@sentiero/db/client';
import { seedDatabase } from '@sentiero/db/seed/seed';
import { appendStatementsTo } from '@sentiero/db/statement-log';
import { buildApp } from './app.ts';
import { createDemoStaff } from './modules/staff/index.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { readyLine } from './platform/ready-line.ts';

const startedAt = performance.now();

function readConfig() {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const database = await openDatabase(
  config.database.driver === 'postgres' && config.database.statementLog
    ? { ...config.database, onStatement: appendStatementsTo(config.database.statementLog) }
    : config.database,
);
await database.migrate();
const seeded = await seedDatabase(database.db);
// Demo staff for the console: development on the embedded database only (modules/staff/demo-staff.ts).
const demoStaff = await createDemoStaff(database.db, config);
if (demoStaff) console.log(demoStaff);
const app = await buildApp({ config, database });

app.log.info(
  {
    driver: database.driver,
    seeded: seeded.applied,
    dataDir: 'dataDir' in config.database ? config.database.dataDir : undefined,
  },
  seeded.applied.length ? 'database migrated and seeded' : 'database migrated; seed data already present',
);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'stopping: finishing in-flight requests');
  const timer = setTimeout(() => {
    app.log.error('in-flight requests did not finish within 25 s; exiting');
    process.exit(1);
  }, 25_000);
  timer.unref();
  try {
    await app.close();
    // Closing PGlite last flushes its files, so the data directory is never left half-written.
    await database.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'unclean stop');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (err) {
  app.log.error({ err }, 'could not listen');
  await database.close();
  process.exit(1);
}
app.log.info({ ms: Math.round(performance.now() - startedAt) }, readyLine(config));

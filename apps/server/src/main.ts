import { buildApp } from './app.ts';
import { loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db/database.ts';
import { migrate } from './platform/db/migrate.ts';
import { pino } from 'pino';
import { seed } from './seed.ts';
import { OffsetClock, systemClock } from './platform/clock.ts';
import { startupReport } from './platform/startup-report.ts';
import { openControlSocket } from './control-socket.ts';

/** `npm start`: opens the database, applies migrations, seeds a fresh one, serves app + API on one port. */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  const database = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
  );
  const applied = await migrate(database);
  if (applied.length) log.info({ applied }, 'migrations applied');
  const clock = config.devClock ? new OffsetClock() : systemClock;
  const built = await buildApp({ config, database, logger: log, clock });
  await seed(built.ctx);
  await built.app.listen({ port: config.port, host: config.host });
  await built.start();
  const control = database.kind === 'pglite' ? await openControlSocket(config.dataDir, built.ctx, log) : null;
  for (const line of startupReport(config, built.app.addresses(), database.kind)) log.info(line);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await control?.close();
      await built.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

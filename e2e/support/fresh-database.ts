import pg from 'pg';

/**
 * Creates the fresh PostgreSQL database an end-to-end run uses (DATABASE_URL, chosen by
 * playwright.config.ts), on the server named by E2E_ADMIN_DATABASE_URL. It also drops databases
 * left behind by earlier runs that were killed before their teardown, once they are an hour old.
 */
const target = process.env.DATABASE_URL;
const admin = process.env.E2E_ADMIN_DATABASE_URL;
if (!target || !admin) throw new Error('fresh-database: DATABASE_URL and E2E_ADMIN_DATABASE_URL are required');

const name = new URL(target).pathname.slice(1);
if (!/^tidemark_e2e_\d+_\d+$/.test(name)) throw new Error(`fresh-database: refusing to create ${name}`);

const client = new pg.Client({ connectionString: admin });
await client.connect();
try {
  const old = await client.query<{ datname: string }>(
    `select datname from pg_database where datname like 'tidemark_e2e_%'`,
  );
  for (const { datname } of old.rows) {
    const created = Number(/^tidemark_e2e_(\d+)_/.exec(datname)?.[1] ?? Date.now());
    if (Date.now() - created < 3600_000) continue;
    await client.query(`drop database if exists "${datname}"`).catch(() => undefined); // still in use: leave it
  }
  await client.query(`create database "${name}"`);
} finally {
  await client.end();
}

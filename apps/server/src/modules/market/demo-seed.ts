import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { marketDemoSeed } from './market.schema.ts';

/**
 * The secret of the simulated price feed. Each step of the demo walk is a hash of (seed, symbol, second): whoever
 * knows the seed knows every future price — and would win every cycle contract. So there is no default seed: each
 * installation draws 256 random bits on its first start and keeps them where only the operator can read them —
 * a file in the data directory with owner-only permissions, or (DATABASE_URL deployments, where several nodes
 * must walk the same path) a row of the database. A restart reads the same seed, so the path continues. Tests
 * (and a deliberately reproducible demo) may pass PRICE_SEED explicitly.
 */
export const DEMO_SEED_FILE = 'demo-price-seed';

export type DemoSeedStore = { kind: 'file'; dataDir: string } | { kind: 'database'; db: Db };

export async function demoPriceSeed(explicit: string | undefined, store: DemoSeedStore): Promise<string> {
  if (explicit) return explicit;
  return store.kind === 'file' ? seedFromFile(store.dataDir) : seedFromDatabase(store.db);
}

const newSeed = () => crypto.randomBytes(32).toString('hex');

function seedFromFile(dataDir: string): string {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, DEMO_SEED_FILE);
  try {
    // 'wx': only the first start creates it; a concurrent or later start reads what is there
    fs.writeFileSync(file, newSeed() + '\n', { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  // a copied data directory may have lost the mode: take it back to owner-only
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  const seed = fs.readFileSync(file, 'utf8').trim();
  if (seed.length < 32) throw new Error(`${file} does not hold a demo price seed; remove it to draw a new one`);
  return seed;
}

async function seedFromDatabase(db: Db): Promise<string> {
  await db
    .insert(marketDemoSeed)
    .values({ id: 1, seed: newSeed(), createdAt: sql`now()` })
    .onConflictDoNothing();
  const [row] = await db.select({ seed: marketDemoSeed.seed }).from(marketDemoSeed).where(eq(marketDemoSeed.id, 1));
  return row!.seed;
}

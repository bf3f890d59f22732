import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../testing/test-database.ts';
import { DEMO_SEED_FILE, demoPriceSeed } from './demo-seed.ts';
import { SimulatedFeed } from './simulated-feed.ts';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-seed-'));

describe('the simulated feed is secret per installation', () => {
  it('draws a random seed on first start, keeps it owner-only in the data directory, and reads it back', async () => {
    const dir = tmp();
    const first = await demoPriceSeed(undefined, { kind: 'file', dataDir: dir });
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(dir, DEMO_SEED_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(await demoPriceSeed(undefined, { kind: 'file', dataDir: dir })).toBe(first);
    // another installation gets another seed
    expect(await demoPriceSeed(undefined, { kind: 'file', dataDir: tmp() })).not.toBe(first);
  });

  it('takes a copied seed file back to owner-only', async () => {
    const dir = tmp();
    await demoPriceSeed(undefined, { kind: 'file', dataDir: dir });
    fs.chmodSync(path.join(dir, DEMO_SEED_FILE), 0o644);
    await demoPriceSeed(undefined, { kind: 'file', dataDir: dir });
    expect(fs.statSync(path.join(dir, DEMO_SEED_FILE)).mode & 0o777).toBe(0o600);
  });

  it('uses an explicit seed as given (tests) and writes nothing', async () => {
    const dir = tmp();
    expect(await demoPriceSeed('explicit', { kind: 'file', dataDir: dir })).toBe('explicit');
    expect(fs.existsSync(path.join(dir, DEMO_SEED_FILE))).toBe(false);
  });

  it('an outsider without the seed cannot reproduce the path (the old default seed does not predict it)', async () => {
    const secret = await demoPriceSeed(undefined, { kind: 'file', dataDir: tmp() });
    const start = Date.UTC(2026, 0, 1);
    const path1 = async (seed: string) => {
      const feed = new SimulatedFeed(seed);
      const out: string[] = [];
      for (let s = 0; s <= 60; s += 1) out.push((await feed.quote(['BTCUSDT'], start + s * 1000))[0]!.price);
      return out;
    };
    const real = await path1(secret);
    expect(await path1(secret)).toEqual(real);
    expect(await path1('tidemark-demo')).not.toEqual(real);
  });
});

describe('on a PostgreSQL deployment', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.dispose();
  });

  it('keeps one seed in the database, the same for every node', async () => {
    const a = await demoPriceSeed(undefined, { kind: 'database', db: db.database.db });
    const b = await demoPriceSeed(undefined, { kind: 'database', db: db.database.db });
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(b).toBe(a);
  });
});

/**
 * Proof of reserves (`npm run bench:reserves`): the pure Merkle-sum tree for many leaves, then a whole snapshot
 * through ReservesService on an in-memory PGlite (or DATABASE_URL's server, a fresh database) with N funded
 * users in two currencies, then users' proofs read back and verified.
 *
 *   npm run bench:reserves [-- --users 20000 --leaves 200000 --proofs 200]
 */
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import { verifyReserveProof } from '../../packages/contract/src/reserves.ts';
import { systemClock } from '../../apps/server/src/platform/clock.ts';
import { createTestDatabase } from '../../apps/server/src/testing/test-database.ts';
import { users } from '../../apps/server/src/modules/account/user.schema.ts';
import { AuditService } from '../../apps/server/src/modules/operator/audit.service.ts';
import { buildLevels, hashLeaves } from '../../apps/server/src/modules/reserves/merkle-sum.ts';
import { ReservesService } from '../../apps/server/src/modules/reserves/reserves.service.ts';
import { ChainRouter } from '../../apps/server/src/modules/wallet/chain-adapter.ts';
import { platformHoldings } from '../../apps/server/src/modules/wallet/holdings.ts';
import { LedgerService } from '../../apps/server/src/modules/wallet/ledger.service.ts';

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '20000' },
    leaves: { type: 'string', default: '200000' },
    proofs: { type: 'string', default: '200' },
  },
});
const USERS = Number(args.users);
const LEAVES = Number(args.leaves);
const PROOFS = Number(args.proofs);
const ms = (t0: bigint) => Number((process.hrtime.bigint() - t0) / 1_000_000n);

// 1. the tree alone
const leaves = Array.from({ length: LEAVES }, (_, i) => ({
  userId: i + 1,
  nonce: crypto.randomBytes(16).toString('hex'),
  balance: BigInt(1 + (i % 1_000_000)) * 1_000_000n,
}));
let t0 = process.hrtime.bigint();
const levels = buildLevels(hashLeaves('USDT', leaves));
console.log(`tree: ${LEAVES} leaves, ${levels.length} levels, built in ${ms(t0)} ms`);

// 2. a whole snapshot on a database
// a fresh database: in-memory PGlite, or a new one on DATABASE_URL's server (dropped at the end)
const { database, dispose } = await createTestDatabase();
const db = database.db;
const ledger = new LedgerService(db, systemClock);
t0 = process.hrtime.bigint();
const ids: number[] = [];
for (let i = 0; i < USERS; i += 1000) {
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: Math.min(1000, USERS - i) }, (_, k) => ({
        email: `pr${i + k}@bench.local`,
        passwordHash: 'x',
        inviteCode: `PR${i + k}`,
      })),
    )
    .returning({ id: users.id });
  await ledger.transaction(async (tx) => {
    const batch = ledger.batch(tx);
    for (const { id } of rows) {
      for (const [currency, amount] of [
        ['USDT', BigInt(1 + (id % 50_000)) * 1_000_000n],
        ['BTC', BigInt(1 + (id % 977)) * 100_000n],
      ] as const) {
        await batch.post({
          kind: 'bench_funding',
          movements: [
            { account: { system: 'outside_world', currency }, available: -amount },
            { account: { userId: id, currency, wallet: 'spot' }, available: amount },
          ],
        });
      }
    }
    await batch.flush();
  });
  ids.push(...rows.map((r) => r.id));
}
console.log(`funded ${USERS} users in two currencies in ${ms(t0)} ms`);
const chains = new ChainRouter();
const reserves = new ReservesService({
  db,
  clock: systemClock,
  ledger,
  holdings: { of: (currencies, tx) => platformHoldings(chains, ledger, currencies, tx) },
  audit: new AuditService(db),
});
t0 = process.hrtime.bigint();
const snap = await reserves.takeSnapshot({ source: 'cli', operatorId: null });
console.log(
  `snapshot ${snap.id}: ${snap.currencies.map((c) => `${c.currency} ${c.leafCount} leaves`).join(', ')} in ${ms(t0)} ms (${database.kind})`,
);
t0 = process.hrtime.bigint();
let verified = 0;
for (let i = 0; i < PROOFS; i++) {
  const { proofs } = await reserves.proofsOf(ids[Math.floor(Math.random() * ids.length)]!);
  for (const p of proofs) if ((await verifyReserveProof(p)).ok) verified += 1;
}
console.log(`${PROOFS} users' proofs read and verified (${verified} proofs ok) in ${ms(t0)} ms`);
await dispose();

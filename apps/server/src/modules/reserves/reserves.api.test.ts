import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { formatUnits } from '@tidemark/contract/money';
import { verifyReserveProof, type ReserveProof } from '@tidemark/contract/reserves';
import { ManualClock } from '../../platform/clock.ts';
import { porSnapshotCommand } from '../../commands/por-snapshot.command.ts';
import { useWalletHarness } from '../wallet/wallet.test-helpers.ts';
import { serverForSuite } from '../../testing/test-server.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../../../..');

const clock = new ManualClock(Date.UTC(2026, 10, 26, 12));
const server = serverForSuite({ clock });
const h = useWalletHarness(server, clock);

const rid = (p: string) => `${p}-${Math.random().toString(36).slice(2, 12)}`;

describe('proof of reserves', () => {
  it('before any snapshot: an empty public list and a localized 404 for a proof', async () => {
    const list = await server.api('/xb/v1/reserves/snapshots', {});
    expect(list.status).toBe(200);
    expect(list.body.data.snapshots).toEqual([]);
    const u = await server.createUser();
    const proof = await server.api('/xb/v1/reserves/proof', {}, { token: u.token, locale: 'de' });
    expect(proof.status).toBe(404);
    expect(proof.body.message).toBe('Es wurde noch kein Reservennachweis veröffentlicht');
  });

  it('a snapshot after deposits of several users sums the ledger, and each user’s proof verifies', async () => {
    const a = await h.user();
    const b = await h.user();
    const c = await h.user();
    await h.deposit(a.id, 'USDT', 'TRC20', '1500.25');
    await h.deposit(b.id, 'USDT', 'TRC20', '40');
    await h.deposit(c.id, 'USDT', 'TRC20', '7.000001');
    await h.deposit(b.id, 'BTC', 'BTC', '0.5');
    // a's funds spread over two wallets: both count
    const moved = await server.api(
      '/xb/v1/wallet/transfer',
      { requestId: rid('t'), currency: 'USDT', from: 'spot', to: 'futures', amount: '500' },
      { token: a.token },
    );
    expect(moved.status).toBe(200);

    const finance = await server.createOperator(['finance']);
    const taken = await server.api('/admin/reserves/snapshot', {}, { token: finance.token });
    expect(taken.status).toBe(200);
    const snap = taken.body.data;

    // the totals are the ledger's: every user account's available + frozen, per currency
    const ledgerTotals = await server.built.ctx.services.ledger!.userLiabilities();
    const sum = (cur: string) => ledgerTotals.filter((l) => l.currency === cur).reduce((s, l) => s + l.balance, 0n);
    const usdt = snap.currencies.find((x: { currency: string }) => x.currency === 'USDT');
    const btc = snap.currencies.find((x: { currency: string }) => x.currency === 'BTC');
    expect(usdt.liabilities).toBe(formatUnits(sum('USDT'), 6));
    expect(btc.liabilities).toBe(formatUnits(sum('BTC'), 8));
    expect(usdt.leafCount).toBe(ledgerTotals.filter((l) => l.currency === 'USDT').length);
    // simulated chain only: the holdings are the ledger's mirror, labelled demo
    expect(usdt.demo).toBe(true);
    expect(usdt.holdings).toEqual([expect.objectContaining({ source: 'simulated', network: 'simulated', demo: true })]);
    expect(usdt.rootHash).toMatch(/^[0-9a-f]{64}$/);

    // public: the same snapshot, no sign-in
    const list = await server.api('/xb/v1/reserves/snapshots', { limit: 1 });
    expect(list.body.data.snapshots[0]).toEqual(snap);

    // a's proofs: USDT only (a holds no BTC), balance over both wallets, verified against the published root
    const mine = await server.api('/xb/v1/reserves/proof', {}, { token: a.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data.proofs.map((p: ReserveProof) => p.currency)).toEqual(['USDT']);
    const proofA: ReserveProof = mine.body.data.proofs[0];
    expect(proofA.leaf).toMatchObject({ userId: a.id, balance: '1500250000' });
    expect(proofA.root.hash).toBe(usdt.rootHash);
    expect(await verifyReserveProof(proofA)).toMatchObject({ ok: true, root: usdt.rootHash });

    // b gets proofs in both currencies, each verifying; none of them is a's leaf
    const theirs = await server.api('/xb/v1/reserves/proof', {}, { token: b.token });
    const proofsB: ReserveProof[] = theirs.body.data.proofs;
    expect(proofsB.map((p) => p.currency)).toEqual(['BTC', 'USDT']);
    for (const p of proofsB) {
      expect(p.leaf.userId).toBe(b.id);
      expect((await verifyReserveProof(p)).ok).toBe(true);
    }
    expect(JSON.stringify(theirs.body.data)).not.toContain(proofA.leaf.nonce);

    // the standalone verifier accepts the downloaded file and refuses a changed balance
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reserves-proof-'));
    try {
      const good = path.join(dir, 'proof.json');
      fs.writeFileSync(good, JSON.stringify(proofA));
      const ok = await run(process.execPath, ['scripts/por-verify.ts', good], { cwd: root });
      expect(ok.stdout).toContain(`root ${usdt.rootHash}`);
      const bad = path.join(dir, 'bad.json');
      fs.writeFileSync(bad, JSON.stringify({ ...proofA, leaf: { ...proofA.leaf, balance: '1500250001' } }));
      const refused = await run(process.execPath, ['scripts/por-verify.ts', bad], { cwd: root }).catch(
        (e: { code: number; stdout: string }) => e,
      );
      expect(refused).toMatchObject({ code: 1 });
      expect(refused.stdout).toContain('DOES NOT MATCH');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }

    // audit-logged with the roots
    const admin = await server.createOperator(['super_admin']);
    const audit = await server.api('/admin/audit/list', { action: 'reserves.snapshot' }, { token: admin.token });
    const entry = audit.body.data.entries.find((e: { action: string }) => e.action === 'reserves.snapshot');
    expect(entry).toMatchObject({ operatorId: finance.id, targetId: String(snap.id) });
    expect(entry.detail.roots.USDT.root).toBe(usdt.rootHash);
  });

  it('a user owed nothing gets no proof; guests and other roles are refused; bad bodies change nothing', async () => {
    const nobody = await server.createUser();
    const res = await server.api('/xb/v1/reserves/proof', {}, { token: nobody.token });
    expect(res.status).toBe(200);
    expect(res.body.data.proofs).toEqual([]);
    expect((await server.api('/xb/v1/reserves/proof', {})).status).toBe(401);

    const support = await server.createOperator(['support']);
    expect((await server.api('/admin/reserves/snapshot', {}, { token: support.token })).status).toBe(403);
    const before = (await server.api('/xb/v1/reserves/snapshots', { limit: 20 })).body.data.snapshots.length;
    const finance = await server.createOperator(['finance']);
    expect((await server.api('/admin/reserves/snapshot', { extra: 1 }, { token: finance.token })).status).toBe(400);
    expect((await server.api('/xb/v1/reserves/snapshots', { limit: 0 })).status).toBe(400);
    const badId = await server.api(
      '/xb/v1/reserves/proof',
      { snapshotId: 'x' },
      { token: nobody.token, locale: 'en_us' },
    );
    expect(badId.status).toBe(400);
    expect(badId.body.message).toContain('Snapshot');
    expect((await server.api('/xb/v1/reserves/proof', { snapshotId: 999999 }, { token: nobody.token })).status).toBe(
      404,
    );
    expect((await server.api('/xb/v1/reserves/snapshots', { limit: 20 })).body.data.snapshots.length).toBe(before);
  });
  it('a user chosen at random: their proof from the API passes `npm run por:verify` and holds their ledger balance', async () => {
    const users = [];
    const deposited: Array<Record<string, string>> = [];
    for (let i = 0; i < 8; i++) {
      const u = await h.user();
      // amounts differ per user, so a proof of the wrong leaf cannot pass by accident
      const amounts: Record<string, string> = {
        USDT: `${10 + i * 7}.${String(crypto.randomInt(1, 999_999)).padStart(6, '0')}`,
      };
      if (i % 2 === 0) amounts.BTC = `0.0${i + 1}`;
      for (const [cur, amount] of Object.entries(amounts))
        await h.deposit(u.id, cur, cur === 'BTC' ? 'BTC' : 'TRC20', amount);
      users.push(u);
      deposited.push(amounts);
    }
    const finance = await server.createOperator(['finance']);
    const snap = (await server.api('/admin/reserves/snapshot', {}, { token: finance.token })).body.data;
    const pick = crypto.randomInt(users.length);
    const chosen = users[pick]!;
    const res = await server.api('/xb/v1/reserves/proof', {}, { token: chosen.token });
    const proofs: ReserveProof[] = res.body.data.proofs;
    expect(
      proofs.map((p) => p.currency),
      `user #${pick}`,
    ).toEqual(pick % 2 === 0 ? ['BTC', 'USDT'] : ['USDT']);
    const owed = (await server.built.ctx.services.ledger!.userLiabilities()).filter((l) => l.userId === chosen.id);
    for (const p of proofs) {
      expect(p.snapshotId).toBe(snap.id);
      expect(p.leaf.userId).toBe(chosen.id);
      const ledger = owed.filter((l) => l.currency === p.currency).reduce((sum, l) => sum + l.balance, 0n);
      expect(p.leaf.balance, `${p.currency} of user #${pick}`).toBe(String(ledger));
      // and what was deposited, in minor units, worked out here rather than by the server
      const scale = p.currency === 'BTC' ? 8 : 6;
      const [whole, frac = ''] = deposited[pick]![p.currency]!.split('.');
      expect(p.leaf.balance).toBe(String(BigInt(whole! + frac.padEnd(scale, '0'))));
      expect(p.root.hash).toBe(snap.currencies.find((c: { currency: string }) => c.currency === p.currency).rootHash);
    }
    // the file a user downloads ("download all"), checked by the standalone script with no server code
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reserves-random-'));
    try {
      const file = path.join(dir, 'proof.json');
      fs.writeFileSync(file, JSON.stringify(proofs));
      const env = { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}` };
      const ok = await run('npm', ['run', '--silent', 'por:verify', '--', file], { cwd: root, env });
      expect(ok.stdout.trim().split('\n')).toHaveLength(proofs.length);
      for (const p of proofs) expect(ok.stdout).toContain(`OK ${p.currency} snapshot ${snap.id}`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('npm run por:snapshot publishes the same way from the command line, with fresh services on the database', async () => {
    const ctx = server.built.ctx;
    const out = await porSnapshotCommand.run(
      { config: ctx.config, database: ctx.database, db: ctx.db, clock: ctx.clock, services: {} },
      {},
    );
    expect(out.exitCode).toBe(0);
    const latest = (await server.api('/xb/v1/reserves/snapshots', { limit: 1 })).body.data.snapshots[0];
    expect(latest.source).toBe('cli');
    expect(out.stdout[0]).toBe(`snapshot ${latest.id} at ${new Date(latest.takenAt).toISOString()}`);
    const usdt = latest.currencies.find((c: { currency: string }) => c.currency === 'USDT');
    expect(out.stdout.join('\n')).toContain(`USDT  root ${usdt.rootHash}  liabilities ${usdt.liabilities}`);
  });
});

import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HDKey } from '@scure/bip32';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { OutScript, p2wpkh, Transaction } from '@scure/btc-signer';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../platform/clock.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import type { AuditService } from '../../operator/audit.service.ts';
import { ledgerCheck } from '../ledger-check.ts';
import { walletHarness } from '../wallet.test-helpers.ts';
import type { WalletDeps } from '../wallet-deps.ts';
import { btcAuthorizer } from './btc-authorize.ts';
import { BtcSigner } from './btc-signer.ts';
import { EsploraBitcoin } from './esplora-chain.ts';
import { service } from '../../../platform/context.ts';

/**
 * The Bitcoin adapter against a local HTTP server that answers in Esplora's shapes (recorded
 * responses, with the block heights and hashes the test sets): deposits counted from the tip,
 * credited at 1 and withdrawable at 3, a reorg reversing a credit, "Get demo funds" gone; withdrawals
 * from the hot wallet's outputs signed by the signer (the node checks every signature), broadcast
 * after the approval commits, confirmed 3 blocks deep, refunded when another transaction spent their
 * input, sent again unchanged after a crash, never refunded on a node error, and never two spending
 * the same output. Never run against a live node.
 */

const clock = new ManualClock(Date.UTC(2026, 5, 1, 1));
const xpub = HDKey.fromMasterSeed(new Uint8Array(32).fill(9)).derive("m/84'/0'/0'").publicExtendedKey;
const hashOf = (height: number, fork = '') =>
  crypto.createHash('sha256').update(`block/${height}${fork}`).digest('hex');
// what the replayed node answers; the test moves the tip and forks blocks
const node = {
  tip: 100,
  fork: new Map<number, string>(),
  txs: new Map<string, unknown[]>(),
  /** the hot wallet's confirmed outputs */
  utxos: [] as { txid: string; vout: number; value: number }[],
  /** outpoint → the transaction spending it, and its block once mined */
  spentBy: new Map<string, { txid: string; height?: number }>(),
  /** transactions the node knows: txid → block height (undefined: in the mempool) */
  known: new Map<string, number | undefined>(),
  broadcasts: [] as { txid: string; hex: string }[],
  /** deposit addresses' confirmed balances (sats) */
  balances: new Map<string, number>(),
  broadcastDown: false,
  statusDown: false,
  outspendDown: false,
};
let esplora: http.Server;
let server: TestServer;
let chain: EsploraBitcoin;
let deps: WalletDeps;
let audit: AuditService;
let signer: BtcSigner;
let h: ReturnType<typeof walletHarness>;
const hotKey = Buffer.from(new Uint8Array(32).fill(21)).toString('hex');

/** `POST /tx` as bitcoind judges it: every input unspent, every P2WPKH signature valid. */
function acceptTransaction(hex: string): { status: number; body: string } {
  const tx = Transaction.fromRaw(Buffer.from(hex, 'hex'));
  if (node.known.has(tx.id))
    return {
      status: 400,
      body: 'sendrawtransaction RPC error: {"code":-27,"message":"Transaction already in block chain"}',
    };
  for (let i = 0; i < tx.inputsLength; i += 1) {
    const input = tx.getInput(i);
    const outpoint = `${Buffer.from(input.txid!).toString('hex')}:${input.index}`;
    const utxo = node.utxos.find((u) => `${u.txid}:${u.vout}` === outpoint);
    if (!utxo || node.spentBy.has(outpoint)) {
      return {
        status: 400,
        body: 'sendrawtransaction RPC error: {"code":-25,"message":"bad-txns-inputs-missingorspent"}',
      };
    }
    const [sig, pub] = input.finalScriptWitness!;
    const script = OutScript.encode({ type: 'pkh', hash: p2wpkh(pub!).hash });
    const msg = tx.preimageWitnessV0(i, script, sig![sig!.length - 1]!, BigInt(utxo.value));
    if (!secp256k1.verify(sig!.subarray(0, -1), msg, pub!, { prehash: false, format: 'der' })) {
      return {
        status: 400,
        body: 'sendrawtransaction RPC error: {"code":-26,"message":"mandatory-script-verify-flag-failed"}',
      };
    }
  }
  for (let i = 0; i < tx.inputsLength; i += 1) {
    const input = tx.getInput(i);
    node.spentBy.set(`${Buffer.from(input.txid!).toString('hex')}:${input.index}`, { txid: tx.id });
  }
  node.known.set(tx.id, undefined);
  node.broadcasts.push({ txid: tx.id, hex });
  return { status: 200, body: tx.id };
}

beforeAll(async () => {
  esplora = http.createServer((req, res) => {
    const url = req.url ?? '';
    const send = (status: number, body: string, type = 'text/plain') => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    if (req.method === 'POST' && url === '/tx') {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        if (node.broadcastDown) return send(503, 'unavailable');
        const r = acceptTransaction(body.trim());
        send(r.status, r.body);
      });
      return;
    }
    const status = /^\/tx\/([0-9a-f]{64})\/status$/.exec(url);
    if (status) {
      if (node.statusDown) return send(502, 'bad gateway');
      if (!node.known.has(status[1]!)) return send(404, 'Transaction not found');
      const height = node.known.get(status[1]!);
      const body =
        height === undefined
          ? { confirmed: false }
          : { confirmed: true, block_height: height, block_hash: hashOf(height) };
      return send(200, JSON.stringify(body), 'application/json');
    }
    const outspend = /^\/tx\/([0-9a-f]{64})\/outspend\/(\d+)$/.exec(url);
    if (outspend) {
      if (node.outspendDown) return send(502, 'bad gateway');
      const by = node.spentBy.get(`${outspend[1]}:${outspend[2]}`);
      const body = by
        ? {
            spent: true,
            txid: by.txid,
            vin: 0,
            status: by.height === undefined ? { confirmed: false } : { confirmed: true, block_height: by.height },
          }
        : { spent: false };
      return send(200, JSON.stringify(body), 'application/json');
    }
    if (signer && url === `/address/${signer.hotAddress}/utxo`) {
      const unspent = node.utxos
        .filter((u) => !node.spentBy.has(`${u.txid}:${u.vout}`))
        .map((u) => ({ ...u, status: { confirmed: true, block_height: 90 } }));
      return send(200, JSON.stringify(unspent), 'application/json');
    }
    const address = /^\/address\/([a-z0-9]+)$/.exec(url);
    if (address) {
      const hot = signer && address[1] === signer.hotAddress;
      const funded = hot ? node.utxos.reduce((sum, u) => sum + u.value, 0) : (node.balances.get(address[1]!) ?? 0);
      const spent = hot
        ? node.utxos
            .filter((u) => node.spentBy.get(`${u.txid}:${u.vout}`)?.height !== undefined)
            .reduce((sum, u) => sum + u.value, 0)
        : 0;
      const body = {
        address: address[1],
        chain_stats: { funded_txo_sum: funded, spent_txo_sum: spent },
        mempool_stats: { funded_txo_sum: 0, spent_txo_sum: 0 },
      };
      return send(200, JSON.stringify(body), 'application/json');
    }
    if (url === '/blocks/tip/height') return send(200, String(node.tip));
    const height = /^\/block-height\/(\d+)$/.exec(url);
    if (height) {
      const h = Number(height[1]);
      return h > node.tip ? send(404, 'Block not found') : send(200, hashOf(h, node.fork.get(h)));
    }
    const txs = /^\/address\/([a-z0-9]+)\/txs$/.exec(url);
    if (txs) return send(200, JSON.stringify(node.txs.get(txs[1]!) ?? []), 'application/json');
    if (url === '/fee-estimates')
      return send(200, JSON.stringify({ '1': 20.1, '3': 12.5, '6': 8 }), 'application/json');
    return send(404, 'not found');
  });
  await new Promise<void>((r) => esplora.listen(0, '127.0.0.1', r));
  const port = (esplora.address() as AddressInfo).port;
  // at start-up a real adapter serves BTC (so there are no demo-funds routes); the one with the
  // signer replaces it once the database exists
  const depositsOnly = new EsploraBitcoin({ network: 'BTC', baseUrl: `http://127.0.0.1:${port}`, xpub });
  server = await startTestServer({
    clock,
    env: { RATE_LIMIT_ENABLED: 'false' },
    services: { chain: { BTC: depositsOnly } },
  });
  h = walletHarness(server, clock);
  await h.init();
  const ctx = server.built.ctx;
  audit = service(ctx, 'audit');
  chain = newChain();
  ctx.services.chain = { BTC: chain };
  deps = h.deps();
});
/** The adapter and its signer as a (re)started process builds them: only the database is kept. */
function newChain(): EsploraBitcoin {
  const ctx = server.built.ctx;
  const ref: { chain?: EsploraBitcoin } = {};
  signer = new BtcSigner({
    hotKey,
    authorize: (req, db) => btcAuthorizer(() => ref.chain!, service(ctx, 'ledger'))(req, db),
  });
  ref.chain = new EsploraBitcoin({
    network: 'BTC',
    baseUrl: `http://127.0.0.1:${(esplora.address() as AddressInfo).port}`,
    xpub,
    signer,
    db: ctx.db,
  });
  return ref.chain;
}

afterAll(async () => {
  if (server) expect((await ledgerCheck(server.built.ctx.db)).problems).toEqual([]);
  await server?.close();
  await new Promise((r) => esplora?.close(r));
});

const tx = (txid: string, address: string, sats: number, height: number) => ({
  txid,
  vout: [
    { scriptpubkey_address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh', value: 5000 },
    { scriptpubkey_address: address, value: sats },
  ],
  status: { confirmed: true, block_height: height, block_hash: hashOf(height, node.fork.get(height)) },
});

describe('Bitcoin over Esplora (recorded responses)', () => {
  it('has no demo funds, reports its status and derives P2WPKH deposit addresses from the xpub', async () => {
    const u = await server.createUser();
    expect((await server.api('/xb/v1/wallet/demo-funds/status', {}, { token: u.token })).status).toBe(404);
    const status = await server.api('/xb/v1/wallet/chains/status', {}, { token: u.token });
    const btc = status.body.data.networks.find((n: any) => n.network === 'BTC');
    expect(btc).toMatchObject({ adapter: 'esplora', demo: false, depositsOpen: true, withdrawalsOpen: true });
    const trc = status.body.data.networks.find((n: any) => n.network === 'TRC20');
    expect(trc).toMatchObject({ adapter: 'simulated', demo: true, creditConfirmations: 1, unlockConfirmations: 3 });
    const addr = await server.api(
      '/xb/v1/wallet/deposit/address',
      { currency: 'BTC', chain: 'BTC' },
      { token: u.token },
    );
    expect(addr.body.data.address).toBe(chain.depositAddress(u.id));
    expect(addr.body.data.address).toMatch(/^bc1q/);
    expect(await chain.estimateFee()).toBe('12.5 sat/vB');
  });

  it('credits at 1 confirmation, unlocks at 3, and reverses a credit whose block is forked away', async () => {
    const u = await server.createUser();
    const address = (
      await server.api('/xb/v1/wallet/deposit/address', { currency: 'BTC', chain: 'BTC' }, { token: u.token })
    ).body.data.address as string;
    node.tip = 100;
    node.txs.set(address, [tx('aa'.repeat(32), address, 250_000, 100)]);
    await chain.tick(deps, audit);
    const records = async () =>
      (await server.api('/xb/v1/wallet/deposit/records', {}, { token: u.token })).body.data.items as any[];
    expect((await records())[0]).toMatchObject({ amount: '0.0025', status: 'credited', confirmations: 1 });
    node.tip = 102;
    await chain.tick(deps, audit);
    expect((await records())[0]).toMatchObject({ status: 'confirmed', confirmations: 3, withdrawable: true });

    node.tip = 103;
    node.txs.set(address, [...node.txs.get(address)!, tx('bb'.repeat(32), address, 100_000, 103)]);
    await chain.tick(deps, audit);
    expect((await records())[0]).toMatchObject({ amount: '0.001', status: 'credited', confirmations: 1 });
    // block 103 is replaced by another one without the transaction
    node.fork.set(103, 'b');
    node.tip = 104;
    node.txs.set(address, node.txs.get(address)!.slice(0, 1));
    const step = await chain.tick(deps, audit);
    expect(step.reversed).toBe(1);
    const [reversed, kept] = await records();
    expect(reversed).toMatchObject({ status: 'reversed' });
    expect(kept).toMatchObject({ status: 'confirmed' });
    const assets = await server.api('/xb/v1/wallet/assets', {}, { token: u.token });
    const spot = assets.body.data.wallets.find((w: any) => w.wallet === 'spot');
    expect(spot.currencies.find((c: any) => c.currency === 'BTC').available).toBe('0.0025');
  });
});

describe('Bitcoin withdrawals (hand-built Esplora responses)', () => {
  const recipient = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
  let user: Awaited<ReturnType<typeof h.user>>;
  let restoreCodes: () => void;
  const entriesOf = (id: number) => h.withdrawalEntries(id);
  const status = async (id: number) =>
    (await h.rows<{ status: string }>(sql`select status from withdrawals where id = ${id}`))[0]!.status;
  const spends = async (txHash: string) =>
    (
      await h.rows<{ outpoint: string }>(
        sql`select outpoint from chain_utxo_spends where tx_hash = ${txHash} order by outpoint`,
      )
    ).map((r) => r.outpoint);
  const btc = async () => (await h.spotRow(user.token, 'BTC')).available as string;
  const withdraw = (amount: string) =>
    h.withdraw(user.token, { currency: 'BTC', chain: 'BTC', address: recipient, amount });
  const approve = (id: number) => h.approveWithdrawal(id);
  /** Mines the given transactions in the next block. */
  const mine = (...txids: string[]) => {
    node.tip += 1;
    for (const id of txids) {
      node.known.set(id, node.tip);
      for (const [outpoint, by] of node.spentBy)
        if (by.txid === id) node.spentBy.set(outpoint, { txid: id, height: node.tip });
    }
  };
  const hotOutput = (n: number) => ({
    txid: `${n.toString(16).padStart(2, '0')}`.repeat(32),
    vout: 1,
    value: 5_000_000,
  });

  beforeAll(async () => {
    restoreCodes = h.stubCodes();
    user = await h.user({ kyc: 'basic' });
    const address = (
      await server.api('/xb/v1/wallet/deposit/address', { currency: 'BTC', chain: 'BTC' }, { token: user.token })
    ).body.data.address as string;
    node.tip += 1;
    node.txs.set(address, [tx('cc'.repeat(32), address, 50_000_000, node.tip)]);
    node.tip += 2;
    await chain.tick(deps, audit);
    expect(await btc()).toBe('0.5');
    node.utxos.push(hotOutput(0xc1), hotOutput(0xc2), hotOutput(0xc3));
  });

  it('counts what the hot wallet and the deposit addresses hold, confirmed', async () => {
    node.balances.set(chain.depositAddress(user.id), 50_000_000);
    expect(await chain.holdings('BTC')).toBe(15_000_000n + 50_000_000n);
    node.balances.clear();
  });
  afterAll(() => restoreCodes?.());

  it('spends the hot wallet through a PSBT the signer signs, broadcasts after the approval, confirms 3 blocks deep', async () => {
    const id = await withdraw('0.01');
    const sent = await approve(id);
    expect(sent.status).toBe('sent');
    const [broadcast] = node.broadcasts.filter((b) => b.txid === sent.txHash);
    const tx = Transaction.fromRaw(Buffer.from(broadcast!.hex, 'hex'));
    // the recipient gets the amount less the network's withdrawal fee (0.0002); the change goes home
    expect(tx.getOutput(0).amount).toBe(980_000n);
    expect(Buffer.from(tx.getOutput(1).script!).equals(Buffer.from(signer.hotScript))).toBe(true);
    // 13 sat/vB (the 3-block estimate, 12.5, rounded up) over at most 141 vB
    expect(5_000_000n - 980_000n - tx.getOutput(1).amount!).toBe(13n * 141n);
    expect(await spends(sent.txHash)).toHaveLength(1);
    mine(sent.txHash);
    await chain.tick(deps, audit);
    expect(await status(id)).toBe('sent');
    node.tip += 2;
    expect((await chain.tick(deps, audit)).withdrawals).toBe(1);
    expect(await status(id)).toBe('completed');
    expect(await entriesOf(id)).toEqual(['withdraw.apply', 'withdraw.send', 'withdraw.confirm']);
  });

  it('never lets two withdrawals spend the same output; after a crash a restarted adapter sends the same signed transactions', async () => {
    node.broadcastDown = true;
    const [a, b] = [await withdraw('0.01'), await withdraw('0.01')];
    const [sa, sb] = await Promise.all([approve(a), approve(b)]);
    // nothing reached the node, and the two reserved different outputs (the node still lists both)
    expect(node.known.has(sa.txHash) || node.known.has(sb.txHash)).toBe(false);
    const [ia, ib] = [await spends(sa.txHash), await spends(sb.txHash)];
    expect(ia).toHaveLength(1);
    expect(ib).toHaveLength(1);
    expect(ia[0]).not.toBe(ib[0]);
    const recorded = await h.rows<{ tx_hash: string; raw_tx: string }>(
      sql`select tx_hash, raw_tx from chain_transactions where tx_hash in (${sa.txHash}, ${sb.txHash}) order by id`,
    );
    node.broadcastDown = false;
    chain = newChain();
    server.built.ctx.services.chain = { BTC: chain };
    expect((await chain.tick(deps, audit)).rebroadcast).toBe(2);
    expect(node.broadcasts.slice(-2).map((x) => ({ tx_hash: x.txid, raw_tx: x.hex }))).toEqual(recorded);
    expect((await chain.tick(deps, audit)).rebroadcast).toBe(0);
    mine(sa.txHash, sb.txHash);
    node.tip += 2;
    await chain.tick(deps, audit);
    expect([await status(a), await status(b)]).toEqual(['completed', 'completed']);
  });

  it('refunds by withdraw.fail a withdrawal whose input another transaction spent 3 blocks deep, and releases its reservation', async () => {
    node.utxos.push(hotOutput(0xc4));
    const id = await withdraw('0.01');
    node.broadcastDown = true;
    const sent = await approve(id);
    node.broadcastDown = false;
    const [outpoint] = await spends(sent.txHash);
    // the output goes to another transaction (an operator's manual spend) before ours reaches the node
    node.spentBy.set(outpoint!, { txid: 'ee'.repeat(32) });
    node.known.set('ee'.repeat(32), undefined);
    mine('ee'.repeat(32));
    await chain.tick(deps, audit);
    expect(await status(id)).toBe('sent');
    expect((await chain.health()).note).toMatch(/bad-txns-inputs-missingorspent/);
    node.tip += 2;
    await chain.tick(deps, audit);
    expect(await status(id)).toBe('failed');
    expect(await entriesOf(id)).toEqual(['withdraw.apply', 'withdraw.send', 'withdraw.fail']);
    expect(await spends(sent.txHash)).toEqual([]);
    expect(await btc()).toBe('0.47');
  });

  it('leaves a withdrawal sent while the node errors, even when its input is spent elsewhere', async () => {
    node.utxos.push(hotOutput(0xc5));
    const id = await withdraw('0.01');
    node.broadcastDown = true;
    const sent = await approve(id);
    node.broadcastDown = false;
    const [outpoint] = await spends(sent.txHash);
    node.spentBy.set(outpoint!, { txid: 'ef'.repeat(32) });
    node.known.set('ef'.repeat(32), undefined);
    mine('ef'.repeat(32));
    node.tip += 5;
    node.statusDown = true;
    await expect(chain.tick(deps, audit)).rejects.toThrow(/502/);
    node.statusDown = false;
    node.outspendDown = true;
    await expect(chain.tick(deps, audit)).rejects.toThrow(/502/);
    expect(await status(id)).toBe('sent');
    expect(await entriesOf(id)).toEqual(['withdraw.apply', 'withdraw.send']);
    node.outspendDown = false;
    await chain.tick(deps, audit);
    expect(await status(id)).toBe('failed');
  });

  it('refuses an approval the free outputs cannot pay; the signer refuses what does not pay the frozen withdrawal exactly', async () => {
    const id = await withdraw('0.2');
    const res = await server.api('/admin/wallet/withdrawals/approve', { id }, { token: h.finance });
    expect(res.body).toMatchObject({ code: 409, error: 'CHAIN_REFUSED' });
    expect(await status(id)).toBe('pending');
    const psbt = new Transaction();
    psbt.addInput({ txid: 'c1'.repeat(32), index: 0, witnessUtxo: { script: signer.hotScript, amount: 1000n } });
    psbt.addOutputAddress(recipient, 900n);
    await expect(
      signer.sign({ reference: 'withdrawal:999999', psbt: psbt.toPSBT() }, server.built.ctx.db),
    ).rejects.toThrow(/unapproved/);
    // for the pending withdrawal itself: a cent more to its address, its amount to another, or the
    // change to another address are all refused; exactly its net amount with the change home is signed
    const attempt = (outputs: [string, bigint][]) => {
      const p = new Transaction();
      p.addInput({ txid: 'c9'.repeat(32), index: 0, witnessUtxo: { script: signer.hotScript, amount: 30_000_000n } });
      for (const [address, amount] of outputs) p.addOutputAddress(address, amount);
      return signer.sign({ reference: `withdrawal:${id}`, psbt: p.toPSBT() }, server.built.ctx.db);
    };
    const stranger = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
    await expect(attempt([[recipient, 19_980_001n]])).rejects.toThrow(/unapproved/);
    await expect(attempt([[stranger, 19_980_000n]])).rejects.toThrow(/unapproved/);
    await expect(
      attempt([
        [recipient, 19_980_000n],
        [stranger, 9_990_000n],
      ]),
    ).rejects.toThrow(/unapproved/);
    // and a fee above the maximum rate (200 sat/vB): 30 000 000 − 19 980 000 − 9 000 000 over ~141 vB
    await expect(
      attempt([
        [recipient, 19_980_000n],
        [signer.hotAddress, 9_000_000n],
      ]),
    ).rejects.toThrow(/unapproved/);
    expect(
      (
        await attempt([
          [recipient, 19_980_000n],
          [signer.hotAddress, 9_995_000n],
        ])
      ).txid,
    ).toMatch(/^[0-9a-f]{64}$/);
    expect((await ledgerCheck(server.built.ctx.db)).problems).toEqual([]);
  });
});

import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { HDKey } from '@scure/bip32';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../platform/clock.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import type { AuditService } from '../../operator/audit.service.ts';
import { tronAddressOfPublicKey } from '../chain-keys.ts';
import { ledgerCheck } from '../ledger-check.ts';
import { walletHarness } from '../wallet.test-helpers.ts';
import type { WalletDeps } from '../wallet-deps.ts';
import { tronAuthorizer } from './tron-authorize.ts';
import { TronChain } from './tron-chain.ts';
import { TronSigner } from './tron-signer.ts';
import { encodeTransferRaw } from './tron-transaction.ts';
import { service } from '../../../platform/context.ts';

/**
 * The TRON adapter against a local HTTP server answering in the full node's shapes (recorded
 * responses with the heights and block ids the test sets): a TRC-20 USDT transfer credited at 1
 * and withdrawable at 3, a failed call ignored, a reorganised block reversing a credit; withdrawals
 * built by the node, signed by the signer, broadcast after the approval commits (the node checks the
 * signature against the owner), confirmed or refunded from their receipts, sent again unchanged after
 * a crash, and never refunded on a node error. Never run against a live node.
 */

const base58check = createBase58check(sha256);
const USDT_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const contractHex = Buffer.from(base58check.decode(USDT_CONTRACT)).toString('hex');
const clock = new ManualClock(Date.UTC(2026, 5, 1, 1));
const xpub = HDKey.fromMasterSeed(new Uint8Array(32).fill(5)).derive("m/44'/195'/0'").publicExtendedKey;
const idOf = (n: number, fork = '') => crypto.createHash('sha256').update(`tron/${n}${fork}`).digest('hex');
const T0 = Date.UTC(2026, 5, 1);
const node = {
  head: 500,
  fork: new Map<number, string>(),
  txs: new Map<number, unknown[]>(),
  /** the hot wallet's USDT balance (constant call `balanceOf`) */
  hotUsdt: 1_000_000_000n,
  /** every broadcast body accepted, in order */
  broadcasts: [] as { txID: string; body: string }[],
  pool: new Set<string>(),
  /** txID → its block and whether the call succeeded */
  mined: new Map<string, { block: number; ok: boolean }>(),
  broadcastDown: false,
  infoDown: false,
  /** other addresses' USDT (41… hex → units) */
  balances: new Map<string, bigint>(),
  /** a compromised node: builds the transfer to another address than asked */
  tamper: false,
};
let tronNode: http.Server;
let server: TestServer;
let chain: TronChain;
let deps: WalletDeps;
let audit: AuditService;
let signer: TronSigner;
let h: ReturnType<typeof walletHarness>;
const hotKey = Buffer.from(new Uint8Array(32).fill(11)).toString('hex');

const transferCall = (txID: string, to: string, units: bigint, ok = true) => {
  const toHex = Buffer.from(base58check.decode(to)).toString('hex').slice(2);
  return {
    txID,
    ret: [{ contractRet: ok ? 'SUCCESS' : 'REVERT' }],
    raw_data: {
      contract: [
        {
          type: 'TriggerSmartContract',
          parameter: {
            value: {
              contract_address: contractHex,
              data: `a9059cbb${toHex.padStart(64, '0')}${units.toString(16).padStart(64, '0')}`,
            },
          },
        },
      ],
    },
  };
};
const timeOf = (n: number) => T0 + n * 3000;
const blockAt = (n: number) => ({
  blockID: idOf(n, node.fork.get(n)),
  block_header: { raw_data: { number: n, timestamp: timeOf(n) } },
  transactions: node.txs.get(n) ?? [],
});

/** What a full node answers to the calls the withdrawal side makes (java-tron's HTTP API shapes). */
function withdrawalCall(url: string, body: any): unknown {
  if (url === '/wallet/triggerconstantcontract') {
    const owner = `41${(body.parameter as string).slice(24)}`;
    const held = owner === signer.hotHex ? node.hotUsdt : (node.balances.get(owner) ?? 0n);
    return { result: { result: true }, constant_result: [held.toString(16).padStart(64, '0')] };
  }
  if (url === '/wallet/triggersmartcontract') {
    // the node binds the transaction to its head block and gives it 60 seconds
    const head = blockAt(node.head);
    const raw = {
      refBlockBytes: node.head.toString(16).padStart(16, '0').slice(12, 16),
      refBlockHash: head.blockID.slice(16, 32),
      expiration: timeOf(node.head) + 60_000,
      timestamp: timeOf(node.head) + 500,
      feeLimit: body.fee_limit as number,
      owner: body.owner_address as string,
      contract: body.contract_address as string,
      data: `a9059cbb${node.tamper ? `${'00'.repeat(12)}${'ab'.repeat(20)}${(body.parameter as string).slice(64)}` : (body.parameter as string)}`,
    };
    const hex = Buffer.from(encodeTransferRaw(raw)).toString('hex');
    return {
      result: { result: true },
      transaction: {
        visible: false,
        txID: crypto.createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex'),
        raw_data: {
          contract: [
            { parameter: { value: { data: raw.data, owner_address: raw.owner, contract_address: raw.contract } } },
          ],
          ref_block_bytes: raw.refBlockBytes,
          ref_block_hash: raw.refBlockHash,
          expiration: raw.expiration,
          fee_limit: raw.feeLimit,
          timestamp: raw.timestamp,
        },
        raw_data_hex: hex,
      },
    };
  }
  if (url === '/wallet/broadcasttransaction') {
    // the node serialises the JSON it is given and checks the id and the owner's signature over it
    const r = body.raw_data;
    const c = r.contract[0].parameter.value;
    const bytes = encodeTransferRaw({
      refBlockBytes: r.ref_block_bytes,
      refBlockHash: r.ref_block_hash,
      expiration: r.expiration,
      timestamp: r.timestamp,
      feeLimit: r.fee_limit,
      owner: c.owner_address,
      contract: c.contract_address,
      data: c.data,
    });
    const id = crypto.createHash('sha256').update(bytes).digest('hex');
    if (id !== body.txID) return { code: 'SIGERROR', txid: body.txID, message: Buffer.from('bad id').toString('hex') };
    const sig = Buffer.from(body.signature[0] as string, 'hex');
    const recovered = secp256k1.Signature.fromBytes(
      Uint8Array.from([sig[64]! - 27, ...sig.subarray(0, 64)]),
      'recovered',
    )
      .recoverPublicKey(Buffer.from(id, 'hex'))
      .toBytes(true);
    const owner = Buffer.from(base58check.decode(tronAddressOfPublicKey(recovered))).toString('hex');
    if (owner !== c.owner_address)
      return { code: 'SIGERROR', txid: id, message: Buffer.from('bad sig').toString('hex') };
    if (r.expiration <= timeOf(node.head)) return { code: 'TRANSACTION_EXPIRATION_ERROR', txid: id };
    if (node.pool.has(id) || node.mined.has(id)) return { code: 'DUP_TRANSACTION_ERROR', txid: id };
    node.pool.add(id);
    node.broadcasts.push({ txID: id, body: JSON.stringify(body) });
    return { result: true, txid: id };
  }
  if (url === '/wallet/gettransactioninfobyid') {
    const m = node.mined.get(body.value as string);
    if (!m) return {};
    return {
      id: body.value,
      blockNumber: m.block,
      blockTimeStamp: timeOf(m.block),
      receipt: { energy_usage_total: 29631, result: m.ok ? 'SUCCESS' : 'REVERT' },
      ...(m.ok ? {} : { result: 'FAILED', resMessage: Buffer.from('REVERT opcode executed').toString('hex') }),
    };
  }
  return {};
}

beforeAll(async () => {
  tronNode = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const url = req.url ?? '';
      const down =
        (node.broadcastDown && url === '/wallet/broadcasttransaction') ||
        (node.infoDown && url === '/wallet/gettransactioninfobyid');
      if (down) {
        res.writeHead(503);
        return res.end('unavailable');
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      if (url === '/wallet/getnowblock') return res.end(JSON.stringify(blockAt(node.head)));
      if (url === '/wallet/getblockbynum') {
        const n = (JSON.parse(body) as { num: number }).num;
        return res.end(JSON.stringify(n > node.head ? {} : blockAt(n)));
      }
      res.end(JSON.stringify(withdrawalCall(url, body ? JSON.parse(body) : {})));
    });
  });
  await new Promise<void>((r) => tronNode.listen(0, '127.0.0.1', r));
  server = await startTestServer({ clock, env: { RATE_LIMIT_ENABLED: 'false' } });
  h = walletHarness(server, clock);
  await h.init();
  const ctx = server.built.ctx;
  audit = service(ctx, 'audit');
  chain = newChain();
  ctx.services.chain = { TRC20: chain };
  deps = h.deps();
});

/** The adapter and its signer as a (re)started process builds them: only the database is kept. */
function newChain(): TronChain {
  const ctx = server.built.ctx;
  const ref: { chain?: TronChain } = {};
  signer = new TronSigner({
    hotKey,
    authorize: (req, db) => tronAuthorizer(() => ref.chain!, service(ctx, 'ledger'))(req, db),
  });
  ref.chain = new TronChain({
    network: 'TRC20',
    baseUrl: `http://127.0.0.1:${(tronNode.address() as AddressInfo).port}`,
    xpub,
    tokens: [{ currency: 'USDT', address: USDT_CONTRACT }],
    startBlock: 501n,
    signer,
    db: ctx.db,
    expirationMs: 60_000,
  });
  return ref.chain;
}

afterAll(async () => {
  if (server) expect((await ledgerCheck(server.built.ctx.db)).problems).toEqual([]);
  await server?.close();
  await new Promise((r) => tronNode?.close(r));
});

describe('TRON TRC-20 over the full node HTTP API (recorded responses)', () => {
  it('credits a USDT transfer at 1, unlocks at 3, ignores a failed call and reverses a forked credit', async () => {
    const u = await server.createUser();
    const addr = await server.api(
      '/xb/v1/wallet/deposit/address',
      { currency: 'USDT', chain: 'TRC20' },
      { token: u.token },
    );
    const address = addr.body.data.address as string;
    expect(address).toBe(chain.depositAddress(u.id));
    expect(addr.body.data.simulated).toBe(false);
    const records = async () =>
      (await server.api('/xb/v1/wallet/deposit/records', {}, { token: u.token })).body.data.items as any[];

    node.txs.set(501, [
      transferCall('01'.repeat(32), address, 75_000_000n),
      transferCall('02'.repeat(32), address, 9_000_000n, false),
    ]);
    node.head = 501;
    await chain.tick(deps, audit);
    expect(await records()).toHaveLength(1);
    expect((await records())[0]).toMatchObject({ amount: '75', status: 'credited', confirmations: 1, demo: false });
    node.head = 503;
    await chain.tick(deps, audit);
    expect((await records())[0]).toMatchObject({ status: 'confirmed', confirmations: 3 });

    node.txs.set(504, [transferCall('03'.repeat(32), address, 20_000_000n)]);
    node.head = 504;
    await chain.tick(deps, audit);
    expect((await records())[0]).toMatchObject({ amount: '20', status: 'credited' });
    node.fork.set(504, 'b');
    node.txs.delete(504);
    node.head = 505;
    const step = await chain.tick(deps, audit);
    expect(step.reversed).toBe(1);
    expect((await records())[0]).toMatchObject({ status: 'reversed' });
    const assets = await server.api('/xb/v1/wallet/assets', {}, { token: u.token });
    const spot = assets.body.data.wallets.find((w: any) => w.wallet === 'spot');
    expect(spot.currencies.find((c: any) => c.currency === 'USDT').available).toBe('75');
  });
});

describe('TRON TRC-20 withdrawals (hand-built node responses)', () => {
  const recipient = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
  let user: Awaited<ReturnType<typeof h.user>>;
  let restoreCodes: () => void;
  const entriesOf = (id: number) => h.withdrawalEntries(id);
  const status = async (id: number) =>
    (
      await h.rows<{ status: string; tx_hash: string }>(sql`select status, tx_hash from withdrawals where id = ${id}`)
    )[0]!;
  const usdt = async () => (await h.spotRow(user.token, 'USDT')).available as string;
  const withdraw = (amount: string) =>
    h.withdraw(user.token, { currency: 'USDT', chain: 'TRC20', address: recipient, amount });
  const approve = (id: number) => h.approveWithdrawal(id);
  const mine = (txID: string, ok = true) => {
    node.head += 1;
    node.pool.delete(txID);
    node.mined.set(txID, { block: node.head, ok });
  };

  beforeAll(async () => {
    restoreCodes = h.stubCodes();
    user = await h.user({ kyc: 'basic' });
    const address = (
      await server.api('/xb/v1/wallet/deposit/address', { currency: 'USDT', chain: 'TRC20' }, { token: user.token })
    ).body.data.address as string;
    node.head += 1;
    node.txs.set(node.head, [transferCall('0a'.repeat(32), address, 1000_000_000n)]);
    node.head += 2;
    await chain.tick(deps, audit);
    expect(await usdt()).toBe('1000');
  });
  afterAll(() => restoreCodes?.());

  it('reports withdrawals open once a signer is configured, and what the hot wallet and deposit addresses hold', async () => {
    const deposit = chain.depositAddress(user.id);
    node.balances.set(Buffer.from(base58check.decode(deposit)).toString('hex'), 1000_000_000n);
    expect(await chain.holdings('USDT')).toBe(node.hotUsdt + 1000_000_000n);
    const s = await server.api('/xb/v1/wallet/chains/status', {}, { token: user.token });
    expect(s.body.data.networks.find((n: any) => n.network === 'TRC20')).toMatchObject({
      adapter: 'tron',
      demo: false,
      withdrawalsOpen: true,
    });
  });

  it('signs what the node built, broadcasts after the approval, confirms 3 blocks deep', async () => {
    const id = await withdraw('200');
    const sent = await approve(id);
    expect(sent.status).toBe('sent');
    // broadcast once, by the hot wallet, paying the recipient the amount less the fee (1 USDT)
    expect(node.broadcasts.at(-1)!.txID).toBe(sent.txHash);
    const body = JSON.parse(node.broadcasts.at(-1)!.body);
    const value = body.raw_data.contract[0].parameter.value;
    expect(value.owner_address).toBe(Buffer.from(base58check.decode(signer.hotAddress)).toString('hex'));
    expect(value.data).toBe(
      `a9059cbb${Buffer.from(base58check.decode(recipient)).toString('hex').slice(2).padStart(64, '0')}${199_000_000n.toString(16).padStart(64, '0')}`,
    );
    expect(body.raw_data.fee_limit).toBe(chain.feeLimit);
    mine(sent.txHash);
    await chain.tick(deps, audit);
    expect((await status(id)).status).toBe('sent');
    node.head += 2;
    expect((await chain.tick(deps, audit)).withdrawals).toBe(1);
    expect((await status(id)).status).toBe('completed');
    expect(await entriesOf(id)).toEqual(['withdraw.apply', 'withdraw.send', 'withdraw.confirm']);
    expect(await usdt()).toBe('800');
  });

  it('refunds a withdrawal whose call failed on chain by a withdraw.fail entry, once it is final', async () => {
    const id = await withdraw('100');
    const sent = await approve(id);
    mine(sent.txHash, false);
    await chain.tick(deps, audit);
    expect((await status(id)).status).toBe('sent');
    node.head += 2;
    await chain.tick(deps, audit);
    expect((await status(id)).status).toBe('failed');
    expect(await entriesOf(id)).toEqual(['withdraw.apply', 'withdraw.send', 'withdraw.fail']);
    expect(await usdt()).toBe('800');
  });

  it('after a crash between the commit and the broadcast, a restarted adapter sends the same signed transaction', async () => {
    node.broadcastDown = true;
    const id = await withdraw('100');
    const sent = await approve(id);
    expect(sent.status).toBe('sent');
    expect(node.pool.has(sent.txHash)).toBe(false);
    const [recorded] = await h.rows<{ raw_tx: string }>(
      sql`select raw_tx from chain_transactions where tx_hash = ${sent.txHash}`,
    );
    node.broadcastDown = false;
    // a new process: nothing in memory, only the database
    chain = newChain();
    server.built.ctx.services.chain = { TRC20: chain };
    expect((await chain.tick(deps, audit)).rebroadcast).toBe(1);
    expect(node.broadcasts.at(-1)).toEqual({ txID: sent.txHash, body: recorded!.raw_tx });
    // a second step finds it known: nothing is sent twice
    expect((await chain.tick(deps, audit)).rebroadcast).toBe(0);
    mine(sent.txHash);
    node.head += 2;
    await chain.tick(deps, audit);
    expect((await status(id)).status).toBe('completed');
  });

  it('leaves a withdrawal sent while the node errors, even past its expiration; refunds it once the node says it never was mined', async () => {
    const id = await withdraw('100');
    node.broadcastDown = true;
    const sent = await approve(id);
    node.infoDown = true;
    node.head += 40; // 120 s: past the 60 s expiration
    await expect(chain.tick(deps, audit)).rejects.toThrow(/503/);
    expect((await status(id)).status).toBe('sent');
    expect(await entriesOf(id)).toEqual(['withdraw.apply', 'withdraw.send']);
    const health = await chain.health();
    expect(health.note).toMatch(/cannot broadcast/);
    node.infoDown = false;
    node.broadcastDown = false;
    // the node answers: never mined, and blocks 3 deep are past its expiration → it never can be
    await chain.tick(deps, audit);
    expect(node.pool.has(sent.txHash)).toBe(false);
    expect((await status(id)).status).toBe('failed');
    expect(await entriesOf(id)).toEqual(['withdraw.apply', 'withdraw.send', 'withdraw.fail']);
    expect(await usdt()).toBe('700');
  });

  it('refuses a transfer the node built to another address, recording and signing nothing', async () => {
    const id = await withdraw('100');
    node.tamper = true;
    try {
      const res = await server.api('/admin/wallet/withdrawals/approve', { id }, { token: h.finance });
      expect(res.body).toMatchObject({ code: 409, error: 'CHAIN_REFUSED' });
      expect(res.body.message).toMatch(/another transaction/);
    } finally {
      node.tamper = false;
    }
    expect((await status(id)).status).toBe('pending');
    expect(await h.rows(sql`select 1 from chain_transactions where reference = ${`withdrawal:${id}`}`)).toHaveLength(0);
    const rejected = await server.api('/admin/wallet/withdrawals/reject', { id, reason: 'test' }, { token: h.finance });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
  });

  it('refuses what the hot wallet cannot pay, and the signer refuses a request nobody approved', async () => {
    const id = await withdraw('100');
    node.hotUsdt = 10n;
    try {
      const res = await server.api('/admin/wallet/withdrawals/approve', { id }, { token: h.finance });
      expect(res.body).toMatchObject({ code: 409, error: 'CHAIN_REFUSED' });
      expect((await status(id)).status).toBe('pending');
      expect(await h.rows(sql`select 1 from chain_transactions where reference = ${`withdrawal:${id}`}`)).toHaveLength(
        0,
      );
    } finally {
      node.hotUsdt = 1_000_000_000n;
    }
    await expect(
      signer.sign(
        {
          reference: 'withdrawal:999999',
          refBlockBytes: '0000',
          refBlockHash: '00'.repeat(8),
          expiration: T0 + 60_000,
          timestamp: T0,
          feeLimit: 1,
          contract: contractHex,
          data: 'a9059cbb',
        },
        server.built.ctx.db,
      ),
    ).rejects.toThrow(/unapproved/);
    const check = await ledgerCheck(server.built.ctx.db);
    expect(check.problems).toEqual([]);
  });
});

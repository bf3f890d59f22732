import { service } from '../../../platform/context.ts';
import { HDKey } from '@scure/bip32';
import { sql } from 'drizzle-orm';
import {
  createPublicClient,
  createWalletClient,
  custom,
  erc20Abi,
  parseEther,
  parseUnits,
  type Address,
  type EIP1193Provider,
  type Hex,
  type PublicClient,
  type WalletClient,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../platform/clock.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { ledgerCheck } from '../ledger-check.ts';
import { walletHarness } from '../wallet.test-helpers.ts';
import { evmAuthorizer } from './evm-authorize.ts';
import { EvmChain } from './evm-chain.ts';
import { EvmSigner } from './evm-signer.ts';
import { EvmWatcher } from './evm-watcher.ts';
import { compileTestToken, hardhatProvider } from './hardhat-network.ts';

/**
 * The EVM adapter end to end against Hardhat's in-process network: ETH and ERC-20 deposits credited at
 * 1 confirmation and withdrawable at 3, a reorg reversing an unconfirmed credit, a sweep with a gas
 * top-up, a withdrawal broadcast and confirmed, a stuck withdrawal replaced, and the ledger reconciled.
 */

let server: TestServer;
let h: ReturnType<typeof walletHarness>;
let provider: EIP1193Provider;
let client: PublicClient;
let funder: WalletClient;
let funderAddress: Address;
let token: Address;
let chain: EvmChain;
let watcher: EvmWatcher;
let restoreCodes: () => void;
const clock = new ManualClock(Date.UTC(2026, 5, 1, 1));
const root = HDKey.fromMasterSeed(new Uint8Array(32).fill(42)).derive("m/44'/60'/0'");
const hotKey: Hex = generatePrivateKey();
const rpc = (method: string, params: unknown[] = []) => provider.request({ method, params } as never);

beforeAll(async () => {
  provider = await hardhatProvider();
  client = createPublicClient({ transport: custom(provider) });
  funderAddress = ((await rpc('eth_accounts')) as Address[])[0]!;
  funder = createWalletClient({ account: funderAddress, transport: custom(provider) });
  const { abi, bytecode } = compileTestToken();
  const deployHash = await funder.deployContract({
    abi,
    bytecode,
    args: [parseUnits('1000000', 6)],
    account: funderAddress,
    chain: null,
  });
  token = (await client.getTransactionReceipt({ hash: deployHash })).contractAddress!;

  server = await startTestServer({ clock, env: { RATE_LIMIT_ENABLED: 'false' } });
  h = walletHarness(server, clock);
  await h.init();
  restoreCodes = h.stubCodes();
  const ctx = server.built.ctx;
  const ref: { chain?: EvmChain } = {};
  const signer = new EvmSigner({
    hotKey,
    depositXprv: root.privateExtendedKey,
    authorize: (req, db) => evmAuthorizer(() => ref.chain!, service(ctx, 'ledger'))(req, db),
  });
  chain = new EvmChain({
    network: 'ERC20',
    client,
    xpub: root.publicExtendedKey,
    nativeCurrency: 'ETH',
    tokens: [{ currency: 'USDT', address: token, decimals: 6 }],
    db: ctx.db,
    signer,
  });
  ref.chain = chain;
  ctx.services.chain = { ERC20: chain };
  watcher = new EvmWatcher(chain, h.deps(), service(ctx, 'audit'), {
    startBlock: (await client.getBlockNumber()) + 1n,
  });
  // the hot wallet's gas and float
  await pay(signer.hotAddress, parseEther('10'));
  await funder.writeContract({
    address: token,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [signer.hotAddress, parseUnits('10000', 6)],
    account: funderAddress,
    chain: null,
  });
}, 120_000);

afterAll(async () => {
  restoreCodes?.();
  if (server) expect((await ledgerCheck(server.built.ctx.db)).problems).toEqual([]);
  await server?.close();
});

async function pay(to: Address, value: bigint) {
  return funder.sendTransaction({ to, value, account: funderAddress, chain: null });
}
async function payToken(to: Address, amount: string) {
  return funder.writeContract({
    address: token,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [to, parseUnits(amount, 6)],
    account: funderAddress,
    chain: null,
  });
}
const mine = (n: number) => rpc('hardhat_mine', [`0x${n.toString(16)}`]);
const spot = (tokenOf: string, currency: string) => h.spotRow(tokenOf, currency);
const depositsOf = async (tokenOf: string) =>
  (await server.api('/xb/v1/wallet/deposit/records', {}, { token: tokenOf })).body.data.items as any[];
const rows = async <T>(q: ReturnType<typeof sql>) =>
  ((await server.built.ctx.db.execute(q)) as unknown as { rows: T[] }).rows;

describe('EVM deposits (Hardhat)', () => {
  it('derives the deposit address from the xpub and credits ETH and ERC-20 at 1, withdrawable at 3', async () => {
    const u = await h.user({ kyc: 'basic' });
    const eth = await server.api(
      '/xb/v1/wallet/deposit/address',
      { currency: 'ETH', chain: 'ERC20' },
      { token: u.token },
    );
    expect(eth.body.data).toMatchObject({ simulated: false, creditConfirmations: 1, unlockConfirmations: 3 });
    const address = eth.body.data.address as Address;
    expect(address).toBe(chain.depositAddress(u.id));
    const usdt = await server.api(
      '/xb/v1/wallet/deposit/address',
      { currency: 'USDT', chain: 'ERC20' },
      { token: u.token },
    );
    expect(usdt.body.data.address).toBe(address);

    await pay(address, parseEther('1.5'));
    await payToken(address, '250');
    await watcher.tick();
    let recs = await depositsOf(u.token);
    expect(recs.map((d) => [d.currency, d.amount, d.status, d.confirmations, d.demo]).sort()).toEqual([
      ['ETH', '1.5', 'credited', 2, false],
      ['USDT', '250', 'credited', 1, false],
    ]);
    expect((await spot(u.token, 'ETH')).available).toBe('1.5');
    expect((await spot(u.token, 'ETH')).withdrawable).toBe('0');

    // a second pass over the same blocks (a restart) credits nothing twice
    await rpc('hardhat_mine', ['0x1']);
    await server.built.ctx.db.execute(sql`delete from chain_cursors`);
    await watcher.tick();
    recs = await depositsOf(u.token);
    expect(recs).toHaveLength(2);
    expect(recs.map((d) => [d.currency, d.status, d.confirmations]).sort()).toEqual([
      ['ETH', 'confirmed', 3],
      ['USDT', 'credited', 2],
    ]);
    expect((await spot(u.token, 'ETH')).withdrawable).toBe('1.5');
    await mine(1);
    await watcher.tick();
    expect((await spot(u.token, 'USDT')).withdrawable).toBe('250');
  });

  it('reverses a credit whose block is reorganised away before it became withdrawable', async () => {
    const u = await h.user({ kyc: 'basic' });
    const address = (
      await server.api('/xb/v1/wallet/deposit/address', { currency: 'ETH', chain: 'ERC20' }, { token: u.token })
    ).body.data.address as Address;
    await watcher.tick();
    const snapshot = await rpc('evm_snapshot');
    await pay(address, parseEther('0.7'));
    await watcher.tick();
    expect((await depositsOf(u.token))[0]).toMatchObject({ status: 'credited', confirmations: 1 });
    expect((await spot(u.token, 'ETH')).available).toBe('0.7');

    await rpc('evm_revert', [snapshot]);
    await mine(2);
    const result = await watcher.tick();
    expect(result.reversed).toBe(1);
    expect((await depositsOf(u.token))[0]).toMatchObject({ status: 'reversed' });
    expect((await spot(u.token, 'ETH')).available).toBe('0');
    const [entry] = await rows<{ kind: string }>(
      sql`select kind from ledger_transactions where kind = 'deposit.reverse' order by id desc limit 1`,
    );
    expect(entry?.kind).toBe('deposit.reverse');
  });

  it('keeps a credit whose transaction the reorg mined again in another block, and counts from there', async () => {
    const u = await h.user({ kyc: 'basic' });
    const address = (
      await server.api('/xb/v1/wallet/deposit/address', { currency: 'ETH', chain: 'ERC20' }, { token: u.token })
    ).body.data.address as Address;
    // a depositor of our own, so the very same signed transaction can be sent again after the reorg
    const depositor = privateKeyToAccount(generatePrivateKey());
    await pay(depositor.address, parseEther('1'));
    await watcher.tick();
    const fees = await client.estimateFeesPerGas();
    const raw = await depositor.signTransaction({
      type: 'eip1559',
      chainId: 31337,
      to: address,
      value: parseEther('0.4'),
      gas: 21_000n,
      nonce: 0,
      maxFeePerGas: fees.maxFeePerGas * 2n,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    });
    const snapshot = await rpc('evm_snapshot');
    const hash = await client.sendRawTransaction({ serializedTransaction: raw });
    const firstBlock = (await client.getTransactionReceipt({ hash })).blockHash;
    await watcher.tick();
    expect((await depositsOf(u.token))[0]).toMatchObject({ status: 'credited', confirmations: 1 });

    await rpc('evm_revert', [snapshot]);
    await mine(1);
    await client.sendRawTransaction({ serializedTransaction: raw });
    const secondBlock = (await client.getTransactionReceipt({ hash })).blockHash;
    expect(secondBlock).not.toBe(firstBlock);
    const result = await watcher.tick();
    expect(result.reversed).toBe(0);
    expect((await depositsOf(u.token))[0]).toMatchObject({ status: 'credited', confirmations: 1 });
    const [row] = await rows<{ block_hash: string }>(sql`select block_hash from deposits where tx_hash = ${hash}`);
    expect(row?.block_hash).toBe(secondBlock);
    await mine(2);
    await watcher.tick();
    expect((await depositsOf(u.token))[0]).toMatchObject({ status: 'confirmed', confirmations: 3 });
    expect((await spot(u.token, 'ETH')).withdrawable).toBe('0.4');
    const entries = await rows<{ kind: string }>(
      sql`select kind from ledger_transactions where reference in (select 'deposit:' || id from deposits where tx_hash = ${hash})`,
    );
    expect(entries.map((e) => e.kind)).toEqual(['deposit']);
  });

  it('sweeps a token deposit to the hot wallet after topping up its gas', async () => {
    const u = await h.user();
    const address = (
      await server.api('/xb/v1/wallet/deposit/address', { currency: 'USDT', chain: 'ERC20' }, { token: u.token })
    ).body.data.address as Address;
    await payToken(address, '40');
    const hotBefore = await client.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [chain.signer!.hotAddress],
    });
    const first = await chain.sweep(u.id, 'USDT');
    expect(first.topup).toBeDefined();
    const second = await chain.sweep(u.id, 'USDT');
    expect(second.sweep).toBeDefined();
    const hotAfter = await client.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [chain.signer!.hotAddress],
    });
    expect(hotAfter - hotBefore).toBe(parseUnits('40', 6));
  });
});

describe('EVM sweeps from the back office (Hardhat)', () => {
  const tokenBalance = (address: Address) =>
    client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [address] });
  const sweep = async () => {
    const res = await server.api(
      '/admin/wallet/chains/sweep',
      { network: 'ERC20', currency: 'USDT' },
      { token: h.finance },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { topups: Hex[]; sweeps: Hex[] };
  };

  it('tops up gas once, sweeps final token deposits to the hot wallet and leaves those still in the reorg window', async () => {
    const settled = await h.user({ kyc: 'basic' });
    const fresh = await h.user({ kyc: 'basic' });
    const addressOf = async (u: { token: string }) =>
      (await server.api('/xb/v1/wallet/deposit/address', { currency: 'USDT', chain: 'ERC20' }, { token: u.token })).body
        .data.address as Address;
    const a = await addressOf(settled);
    const b = await addressOf(fresh);
    await payToken(a, '30');
    await mine(3);
    await payToken(b, '20');
    await watcher.tick();
    expect((await depositsOf(settled.token))[0]).toMatchObject({ status: 'confirmed' });
    expect((await depositsOf(fresh.token))[0]).toMatchObject({ status: 'credited' });
    const hot = chain.signer!.hotAddress;
    const hotBefore = await tokenBalance(hot);

    await rpc('evm_setAutomine', [false]);
    let topup: Hex;
    try {
      const first = await sweep();
      const [mine1] = await rows<{ tx_hash: string }>(
        sql`select tx_hash from chain_transactions where reference = ${`topup:${settled.id}`} order by id desc limit 1`,
      );
      topup = mine1!.tx_hash as Hex;
      expect(first.topups).toContain(topup);
      // while the top-up waits to be mined, a second run does not pay the gas again
      const second = await sweep();
      expect(second.topups).not.toContain(topup);
      expect(await rows(sql`select 1 from chain_transactions where reference = ${`topup:${settled.id}`}`)).toHaveLength(
        1,
      );
    } finally {
      await rpc('evm_setAutomine', [true]);
    }
    await mine(1);
    expect((await client.getTransactionReceipt({ hash: topup })).status).toBe('success');
    const third = await sweep();
    expect(third.sweeps.length).toBeGreaterThanOrEqual(1);
    expect(await tokenBalance(a)).toBe(0n);
    expect(await tokenBalance(b)).toBe(parseUnits('20', 6));
    expect((await tokenBalance(hot)) - hotBefore).toBeGreaterThanOrEqual(parseUnits('30', 6));
    // the ledger did not move: the user's balance is the same liability, now backed by the hot wallet
    expect((await spot(settled.token, 'USDT')).available).toBe('30');
    const audit = await rows<{ action: string }>(sql`select action from audit_log where action = 'chain.sweep'`);
    expect(audit.length).toBe(3);
  });
});

describe('EVM withdrawals (Hardhat)', () => {
  const recipient = privateKeyToAccount(generatePrivateKey()).address;
  let user: Awaited<ReturnType<typeof h.user>>;

  const withdraw = (amount: string, currency = 'ETH') =>
    h.withdraw(user.token, { currency, chain: 'ERC20', address: recipient, amount });
  const approve = (id: number) => h.approveWithdrawal(id);
  const entriesOf = (id: number) => h.withdrawalEntries(id);
  const nonceOf = async (hash: string) =>
    (await rows<{ nonce: string }>(sql`select nonce::text from chain_transactions where tx_hash = ${hash}`))[0]!.nonce;
  const status = async (id: number) =>
    (
      await rows<{ status: string; tx_hash: string }>(sql`select status, tx_hash from withdrawals where id = ${id}`)
    )[0]!;

  beforeAll(async () => {
    user = await h.user({ kyc: 'basic' });
    const address = (
      await server.api('/xb/v1/wallet/deposit/address', { currency: 'ETH', chain: 'ERC20' }, { token: user.token })
    ).body.data.address as Address;
    await pay(address, parseEther('2'));
    await payToken(address, '300');
    await mine(3);
    await watcher.tick();
    expect((await spot(user.token, 'ETH')).withdrawable).toBe('2');
  });

  it('signs, broadcasts and confirms a withdrawal; the signer refuses what was not approved', async () => {
    const id = await withdraw('0.5');
    // the queue shows the reviewer what the network charges in gas now, beside the fee the user pays
    const queue = await server.api('/admin/wallet/withdrawals', { status: 'pending' }, { token: h.finance });
    const row = queue.body.data.items.find((w: any) => w.id === id);
    expect(row).toMatchObject({ fee: '0.002', networkFee: expect.stringMatching(/^0\.\d+ ETH$/) });
    const sent = await approve(id);
    expect(sent.status).toBe('sent');
    const tx = await client.getTransaction({ hash: sent.txHash as Hex });
    expect(tx.to?.toLowerCase()).toBe(recipient.toLowerCase());
    expect(tx.value).toBe(parseEther('0.498')); // 0.5 − the 0.002 network fee
    await watcher.tick();
    expect((await status(id)).status).toBe('sent');
    // the chain settles it, not an operator's word
    for (const failed of [false, true]) {
      const res = await server.api('/admin/chain/confirm', { withdrawalId: id, failed }, { token: h.finance });
      expect(res.body).toMatchObject({ code: 403, error: 'REAL_CHAIN' });
    }
    await mine(2);
    await watcher.tick();
    expect((await status(id)).status).toBe('completed');
    expect(await client.getBalance({ address: recipient })).toBe(parseEther('0.498'));

    // a request that no withdrawal backs is refused by the signer
    await expect(
      chain.signer!.sign(
        {
          reference: `withdrawal:${id + 1000}`,
          from: 'hot',
          to: recipient,
          value: 1n,
          gas: 21_000n,
          nonce: 0,
          maxFeePerGas: 1n,
          maxPriorityFeePerGas: 1n,
          chainId: 31337,
        },
        server.built.ctx.db,
      ),
    ).rejects.toThrow(/unapproved/);
  });

  it('replaces a stuck withdrawal with the same nonce and a higher fee; the replacement settles it', async () => {
    await rpc('evm_setAutomine', [false]);
    try {
      const id = await withdraw('0.3');
      const sent = await approve(id);
      const stuck = await client.getTransaction({ hash: sent.txHash as Hex });
      const sped = await server.api('/admin/wallet/withdrawals/speed-up', { id }, { token: h.finance });
      expect(sped.status, JSON.stringify(sped.body)).toBe(200);
      const replacement = sped.body.data.txHash as Hex;
      expect(sped.body.data.replaced).toBe(sent.txHash);
      expect(replacement).not.toBe(sent.txHash);
      const again = await client.getTransaction({ hash: replacement });
      expect(again.nonce).toBe(stuck.nonce);
      expect(again.maxFeePerGas! > stuck.maxFeePerGas!).toBe(true);
      await mine(3);
      await watcher.tick();
      const w = await status(id);
      expect(w).toEqual({ status: 'completed', tx_hash: replacement });
      await expect(client.getTransactionReceipt({ hash: sent.txHash as Hex })).rejects.toThrow();
      // the replaced hash stays on record, and the ledger moved the money once
      const signed = await rows<{ tx_hash: string; replaced_by: string | null }>(
        sql`select tx_hash, replaced_by from chain_transactions where reference = ${`withdrawal:${id}`} order by id`,
      );
      expect(signed).toEqual([
        { tx_hash: sent.txHash, replaced_by: replacement },
        { tx_hash: replacement, replaced_by: null },
      ]);
      expect(await entriesOf(id)).toEqual(['withdraw.apply', 'withdraw.send', 'withdraw.confirm']);
      await expect(chain.replaceWithdrawal(id)).rejects.toThrow(/not a sent/);
      const late = await server.api('/admin/wallet/withdrawals/speed-up', { id }, { token: h.finance });
      expect(late.body).toMatchObject({ code: 400, error: 'WRONG_STATE' });
    } finally {
      await rpc('evm_setAutomine', [true]);
    }
  });

  it('keeps nonces without gaps or reuse across a restart of the adapter', async () => {
    const id1 = await withdraw('0.1');
    const a = await approve(id1);
    const restarted = new EvmChain({
      network: 'ERC20',
      client,
      xpub: root.publicExtendedKey,
      nativeCurrency: 'ETH',
      tokens: chain.tokens,
      db: server.built.ctx.db,
      signer: chain.signer,
    });
    server.built.ctx.services.chain = { ERC20: restarted };
    try {
      const id2 = await withdraw('0.1');
      const b = await approve(id2);
      const [ta, tb] = await Promise.all([
        client.getTransaction({ hash: a.txHash as Hex }),
        client.getTransaction({ hash: b.txHash as Hex }),
      ]);
      expect(tb.nonce).toBe(ta.nonce + 1);
    } finally {
      server.built.ctx.services.chain = { ERC20: chain };
    }
  });

  it('records a withdrawal before broadcasting it: one whose broadcast never happened goes out from the watcher', async () => {
    const id = await withdraw('0.05');
    // the process stops right after the approval committed, before the broadcast
    const flush = chain.flush.bind(chain);
    chain.flush = async () => ({ sent: 0, refused: [] });
    let sent: { txHash: string };
    try {
      sent = await approve(id);
    } finally {
      chain.flush = flush;
    }
    expect((await status(id)).status).toBe('sent');
    await expect(client.getTransaction({ hash: sent.txHash as Hex })).rejects.toThrow();
    expect((await watcher.tick()).rebroadcast).toBe(1);
    await mine(2);
    await watcher.tick();
    expect((await status(id)).status).toBe('completed');
  });

  it('refuses to approve what the hot wallet cannot pay for, before it takes a nonce', async () => {
    const hot = createWalletClient({ account: privateKeyToAccount(hotKey), transport: custom(provider) });
    const id = await withdraw('0.05');
    const hotAddress = chain.signer!.hotAddress;
    const before = await rows<{ next_nonce: string }>(
      sql`select next_nonce::text from chain_nonces where address = ${hotAddress.toLowerCase()}`,
    );
    const float = await client.getBalance({ address: hotAddress });
    const fees = await client.estimateFeesPerGas();
    const keep = 21_000n * fees.maxFeePerGas * 3n;
    await hot.sendTransaction({
      to: funderAddress,
      value: float - keep - 21_000n * fees.maxFeePerGas * 2n,
      maxFeePerGas: fees.maxFeePerGas * 2n,
      chain: null,
    });
    try {
      const res = await server.api('/admin/wallet/withdrawals/approve', { id }, { token: h.finance });
      expect(res.body).toMatchObject({ code: 409, error: 'CHAIN_REFUSED' });
      expect(res.body.message).toMatch(/needs/);
      expect((await status(id)).status).toBe('pending');
      expect(await rows(sql`select 1 from chain_transactions where reference = ${`withdrawal:${id}`}`)).toHaveLength(0);
      expect(
        await rows<{ next_nonce: string }>(
          sql`select next_nonce::text from chain_nonces where address = ${hotAddress.toLowerCase()}`,
        ),
      ).toEqual(before);
      expect(await entriesOf(id)).toEqual(['withdraw.apply']);
    } finally {
      await pay(hotAddress, parseEther('10'));
    }
    expect((await approve(id)).status).toBe('sent');
    await mine(2);
    await watcher.tick();
    expect((await status(id)).status).toBe('completed');
  });

  it('broadcasts a dropped withdrawal again with its own nonce; the next withdrawal never takes that nonce', async () => {
    await rpc('evm_setAutomine', [false]);
    try {
      const first = await withdraw('0.2');
      const a = await approve(first);
      // the node forgets it (evicted from its pool, or the node restarted): the watcher sends it again
      await rpc('hardhat_dropTransaction', [a.txHash]);
      await expect(client.getTransaction({ hash: a.txHash as Hex })).rejects.toThrow();
      expect((await watcher.tick()).rebroadcast).toBe(1);
      expect((await client.getTransaction({ hash: a.txHash as Hex })).hash).toBe(a.txHash);
      // forgotten again: the next withdrawal takes the next nonce, not the forgotten one's, and its
      // broadcast sends the forgotten one along (in nonce order)
      await rpc('hardhat_dropTransaction', [a.txHash]);
      const second = await withdraw('0.1');
      const b = await approve(second);
      expect(BigInt(await nonceOf(b.txHash))).toBe(BigInt(await nonceOf(a.txHash)) + 1n);
      expect((await client.getTransaction({ hash: a.txHash as Hex })).hash).toBe(a.txHash);
      const before = await client.getBalance({ address: recipient });
      await mine(3);
      await watcher.tick();
      expect((await status(first)).status).toBe('completed');
      expect((await status(second)).status).toBe('completed');
      expect((await client.getBalance({ address: recipient })) - before).toBe(
        parseEther('0.198') + parseEther('0.098'),
      );
      expect(await entriesOf(first)).toEqual(['withdraw.apply', 'withdraw.send', 'withdraw.confirm']);
      // spent nonces are marked, so later steps no longer ask the node about them
      expect(
        await rows(
          sql`select 1 from chain_transactions where reference in (${`withdrawal:${first}`}, ${`withdrawal:${second}`}) and nonce_spent_at is null`,
        ),
      ).toHaveLength(0);
    } finally {
      await rpc('evm_setAutomine', [true]);
    }
  });

  it('refunds a withdrawal by a journal entry when its nonce was spent by another transaction', async () => {
    await rpc('evm_setAutomine', [false]);
    let id: number;
    try {
      id = await withdraw('0.25');
      const sent = await approve(id);
      await rpc('hardhat_dropTransaction', [sent.txHash]);
      // the hot wallet's nonce is spent by something else (here a send made outside the platform)
      const hot = createWalletClient({ account: privateKeyToAccount(hotKey), transport: custom(provider) });
      const other = await hot.sendTransaction({
        to: funderAddress,
        value: 1n,
        nonce: Number(await nonceOf(sent.txHash)),
        chain: null,
      });
      await mine(1);
      expect((await client.getTransactionReceipt({ hash: other })).status).toBe('success');
    } finally {
      await rpc('evm_setAutomine', [true]);
    }
    const available = BigInt(parseEther((await spot(user.token, 'ETH')).available)) / 10n ** 10n;
    await watcher.tick();
    expect((await status(id)).status).toBe('sent');
    await mine(2);
    await watcher.tick();
    expect((await status(id)).status).toBe('failed');
    const after = BigInt(parseEther((await spot(user.token, 'ETH')).available)) / 10n ** 10n;
    expect(after - available).toBe(25_000_000n);
    expect(await entriesOf(id)).toEqual(['withdraw.apply', 'withdraw.send', 'withdraw.fail']);
  });

  it('releases the amount back to the user by a journal entry when the chain reverts the withdrawal', async () => {
    // the hot wallet has no tokens left: the token transfer reverts on chain
    const hot = createWalletClient({ account: privateKeyToAccount(hotKey), transport: custom(provider) });
    const held = await client.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [chain.signer!.hotAddress],
    });
    await hot.writeContract({
      address: token,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [funderAddress, held],
      chain: null,
    });
    const id = await withdraw('150', 'USDT');
    await approve(id);
    expect((await spot(user.token, 'USDT')).available).toBe('150');
    // reverted at 1 confirmation is not final yet: a reorg could still mine it again, successfully
    await watcher.tick();
    expect((await status(id)).status).toBe('sent');
    await mine(2);
    await watcher.tick();
    expect((await status(id)).status).toBe('failed');
    expect((await spot(user.token, 'USDT')).available).toBe('300');
    expect(await entriesOf(id)).toEqual(['withdraw.apply', 'withdraw.send', 'withdraw.fail']);
    // give the tokens back so the custody check below sees the float again
    await funder.writeContract({
      address: token,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [chain.signer!.hotAddress, held],
      account: funderAddress,
      chain: null,
    });
  });
});

describe('custody in the ledger check', () => {
  it('reports what the chain holds against what the users are owed, per currency', async () => {
    const res = await server.api('/admin/wallet/ledger-check', {}, { token: h.finance });
    expect(res.status).toBe(200);
    expect(res.body.data.ok).toBe(true);
    const eth = res.body.data.custody.find((l: any) => l.currency === 'ETH');
    expect(eth).toMatchObject({ realNetworks: ['ERC20'], short: false });
    expect(Number(eth.onChain)).toBeGreaterThanOrEqual(Number(eth.liabilities));
    const status = await server.api('/xb/v1/wallet/chains/status', {}, { token: h.finance });
    expect(status.status).toBe(401);
  });
});

import type { KycService } from '../kyc/kyc.service.ts';
import { service } from '../../platform/context.ts';
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, expect } from 'vitest';
import type { KycLevel } from '@tidemark/contract/kyc';
import type { ManualClock } from '../../platform/clock.ts';
import { hashPassword } from '../../platform/crypto/password.ts';
import type { TestServer } from '../../testing/test-server.ts';
import { beforeAllValue } from '../../testing/before-all-value.ts';
import { users } from '../account/user.schema.ts';
import type { CodeService } from '../common/code.service.ts';
import { seedConvertDesk } from './wallet.seed.ts';
import { ChainRouter } from './chain-adapter.ts';
import { loadWalletConfig } from './wallet.config.ts';
import type { WalletDeps } from './wallet-deps.ts';
import { ledgerCheck } from './ledger-check.ts';

export const FUND_PASSWORD = '246810';
/** A well-formed TRC20 address the simulated chain accepts. */
export const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/**
 * The body of a withdrawal of 100 USDT on TRC20 to TRON_ADDRESS, with the test fund password and the code the
 * stubbed code service accepts, under a fresh requestId; `over` changes or adds any field.
 */
export function withdrawBody(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    requestId: rid('w'),
    currency: 'USDT',
    chain: 'TRC20',
    address: TRON_ADDRESS,
    amount: '100',
    fundPassword: FUND_PASSWORD,
    code: '000000',
    ...over,
  };
}

/**
 * Test helpers for the wallet's API tests: KYC levels set by hand (the KYC module's service is
 * replaced by a map), fund passwords, withdrawal codes read from the development outbox, deposits
 * credited through the operator's simulated-chain call, and the clock moved with fresh prices.
 */
export function walletHarness(server: TestServer, clock: ManualClock) {
  const levels = new Map<number, KycLevel>();
  let financeToken = '';
  let secondToken = '';
  const ctx = () => server.built.ctx;
  const install = () => {
    // a stand-in with the one call the wallet makes of the KYC service
    const kyc: Pick<KycService, 'levelOf'> = { levelOf: async (id: number) => levels.get(id) ?? 'none' };
    ctx().services.kyc = kyc as KycService;
  };
  install();
  return {
    levels,
    install,
    async init() {
      await seedConvertDesk(ctx());
      financeToken = (await server.createOperator(['finance'])).token;
      secondToken = (await server.createOperator(['finance'])).token;
      return financeToken;
    },
    get finance() {
      return financeToken;
    },
    /** A second finance operator: the four eyes of proposals the first one made. */
    get secondFinance() {
      return secondToken;
    },
    prices: () => service(ctx(), 'prices'),
    /** Moves the clock and samples fresh index prices at the new time. */
    async advance(ms: number) {
      clock.advance(ms);
      await service(ctx(), 'prices').tick();
    },
    async user(opts: { kyc?: KycLevel; fundPassword?: boolean } = {}) {
      const u = await server.createUser();
      if (opts.kyc) levels.set(u.id, opts.kyc);
      if (opts.fundPassword !== false) {
        await ctx()
          .db.update(users)
          .set({ fundPasswordHash: await hashPassword(FUND_PASSWORD) })
          .where(eq(users.id, u.id));
      }
      return u;
    },
    /**
     * Credits a simulated deposit (operator API) with the given confirmations; returns the deposit.
     * One worth more than the four-eyes value is approved by the second finance operator.
     */
    async deposit(userId: number, currency: string, chain: string, amount: string, confirmations = 3) {
      const res = await server.api(
        '/admin/chain/deposit',
        { user: userId, currency, chain, amount, confirmations },
        { token: financeToken },
      );
      if (res.status !== 200) throw new Error(`deposit failed: ${JSON.stringify(res.body)}`);
      if (!res.body.data.approvalRequired) return res.body.data;
      const approved = await server.api(
        '/admin/wallet/adjustments/approve',
        { id: res.body.data.proposal.id },
        { token: secondToken },
      );
      if (approved.status !== 200) throw new Error(`deposit approval failed: ${JSON.stringify(approved.body)}`);
      return approved.body.data.result;
    },
    /**
     * Accepts any withdrawal code (for tests whose subject is not the code: bulk and parallel
     * withdrawals would each need a fresh code, and a new code voids the previous one).
     */
    stubCodes() {
      const real = ctx().services.codes;
      // a stand-in with the calls a withdrawal makes of the code service
      const stub: Pick<CodeService, 'boundTarget' | 'verify' | 'markUsed'> = {
        boundTarget: async () => 'stub',
        verify: async () => ({ id: 0, field: 'code' }),
        markUsed: async () => {},
      };
      ctx().services.codes = stub as CodeService;
      return () => {
        ctx().services.codes = real;
      };
    },
    /** The wallet's dependencies as the module builds them (the same ledger, settings and chain router). */
    deps(): WalletDeps {
      const c = ctx();
      return {
        ctx: c,
        ledger: service(c, 'ledger'),
        prices: service(c, 'prices'),
        config: loadWalletConfig(),
        chains: new ChainRouter(() => c.services.chain),
      };
    },
    /** Asserts that the books reconcile (the ledger check finds no problem). */
    async checkLedger() {
      expect((await ledgerCheck(ctx().db)).problems).toEqual([]);
    },
    /** The rows of a raw query, whether the driver answers with `{ rows }` or with the rows. */
    async rows<T>(query: SQL): Promise<T[]> {
      const result = (await ctx().db.execute(query)) as unknown as { rows?: T[] } | T[];
      return Array.isArray(result) ? result : (result.rows ?? []);
    },
    /** Applies a chain withdrawal with any code (call `stubCodes` first); returns its id. */
    async withdraw(token: string, order: { currency: string; chain: string; address: string; amount: string }) {
      const res = await server.api(
        '/xb/v1/wallet/withdraw',
        { requestId: rid('w'), ...order, fundPassword: FUND_PASSWORD, code: '000000' },
        { token },
      );
      if (res.status !== 200) throw new Error(`withdrawal refused: ${JSON.stringify(res.body)}`);
      return res.body.data.id as number;
    },
    /** The finance operator approves a withdrawal: the adapter signs and broadcasts it. */
    async approveWithdrawal(id: number) {
      const res = await server.api('/admin/wallet/withdrawals/approve', { id }, { token: financeToken });
      if (res.status !== 200) throw new Error(`approval refused: ${JSON.stringify(res.body)}`);
      return res.body.data as { status: string; txHash: string };
    },
    /** The user's spot row of a currency in `/wallet/assets` (available, frozen, withdrawable, …). */
    async spotRow(token: string, currency: string) {
      const res = await server.api('/xb/v1/wallet/assets', {}, { token });
      const spot = res.body.data.wallets.find((w: { wallet: string }) => w.wallet === 'spot');
      return spot.currencies.find((c: { currency: string }) => c.currency === currency);
    },
    /** Asks for a bank withdrawal of `amount` USDT to a well-formed test card. */
    bankWithdraw(token: string, amount: string) {
      return server.api(
        '/xb/v1/wallet/withdraw-bank',
        {
          requestId: rid('b'),
          cardholder: 'Ada Lovelace',
          bankName: 'First Bank',
          branchName: 'Main Street',
          bankCode: '021000021',
          cardNumber: '4111111111111111',
          amount,
          fundPassword: FUND_PASSWORD,
        },
        { token },
      );
    },
    /** The kinds of the ledger transactions a withdrawal made, in order (apply, send, confirm or fail). */
    async withdrawalEntries(id: number) {
      const entries = await this.rows<{ kind: string }>(
        sql`select kind from ledger_transactions where reference = ${`withdrawal:${id}`} order by id`,
      );
      return entries.map((e) => e.kind);
    },
    /** A fresh 'withdraw' code sent to the user's e-mail (the clock moves past the resend wait first). */
    async code(user: { id: number; email: string | null }) {
      await this.advance(61_000);
      await service(ctx(), 'codes').sendToUser(user.id, 'email', 'withdraw', 'en_us');
      const [msg] = ctx().outbox.list(user.email!);
      const m = /\b(\d{6})\b/.exec(msg!.text);
      return m![1]!;
    },
  };
}

export type WalletHarness = ReturnType<typeof walletHarness>;

/**
 * The file's wallet harness on its test server, initialised before the tests. `stubCodes` accepts any withdrawal
 * code for the whole file; `checkLedger` asserts after the tests that the books still reconcile.
 */
export function useWalletHarness(
  server: TestServer,
  clock: ManualClock,
  opts: { stubCodes?: boolean; checkLedger?: boolean } = {},
): WalletHarness {
  let ready = false;
  let restoreCodes: (() => void) | undefined;
  const h = beforeAllValue(async () => {
    const made = walletHarness(server, clock);
    await made.init();
    if (opts.stubCodes) restoreCodes = made.stubCodes();
    ready = true;
    return made;
  });
  afterAll(async () => {
    restoreCodes?.();
    // after a failed start there are no books to check: the start's own error is the one to read
    if (opts.checkLedger && ready) await h.checkLedger();
  });
  return h;
}

let seq = 0;
export const rid = (label = 'r') => `${label}-${Date.now().toString(36)}-${(seq += 1)}`;

import { service } from '../../platform/context.ts';
import type { ManualClock } from '../../platform/clock.ts';
import type { TestServer } from '../../testing/test-server.ts';
import { ledgerCheck } from '../wallet/ledger-check.ts';
import { walletHarness } from '../wallet/wallet.test-helpers.ts';
import { seedEarn } from './earn.seed.ts';

/** The wallet's harness (users with fund passwords, simulated deposits) plus the earn seed and job. */
export function earnHarness(server: TestServer, clock: ManualClock) {
  const wallet = walletHarness(server, clock);
  const ctx = () => server.built.ctx;
  return {
    ...wallet,
    async init() {
      await wallet.init();
      await seedEarn(ctx());
    },
    accrue: () => service(ctx(), 'earn').accrual.runOnce(),
    async plan(currency: string, lockDays: number) {
      const res = await server.api('/xb/v1/earn/plans', {});
      return res.body.data.items.find((p: any) => p.currency === currency && p.lockDays === lockDays);
    },
    /** Balance of one wallet/currency of a user as the assets call shows it. */
    async holding(token: string, wallet: string, currency: string): Promise<{ available: string; frozen: string }> {
      const res = await server.api('/xb/v1/wallet/assets', {}, { token });
      const w = res.body.data.wallets.find((x: any) => x.wallet === wallet);
      return w.currencies.find((c: any) => c.currency === currency);
    },
    async staking(currency: string) {
      const { available } = await service(ctx(), 'ledger').balance({ system: 'staking_interest', currency });
      return available as bigint;
    },
    async ledgerOk() {
      return (await ledgerCheck(ctx().db)).problems;
    },
  };
}

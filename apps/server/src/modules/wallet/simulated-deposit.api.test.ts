import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { SimulatedChain, type ChainAdapter, type OutgoingTransfer } from './chain-adapter.ts';
import { useWalletHarness } from './wallet.test-helpers.ts';
import { serverForSuite } from '../../testing/test-server.ts';

/**
 * Operators cannot mint money alone: a simulated deposit is possible only where the simulated chain
 * serves the network, needs a second operator above SIMULATED_DEPOSIT_FOUR_EYES_ABOVE (here 1000
 * USDT), and is labelled demo in the deposit records and the journal memo.
 */

const clock = new ManualClock(Date.UTC(2026, 5, 1, 1));

// the wallet reads its settings from the process environment (this file runs in its own process)
process.env.SIMULATED_DEPOSIT_FOUR_EYES_ABOVE = '1000';
const server = serverForSuite({ clock, env: { RATE_LIMIT_ENABLED: 'false' } });
const h = useWalletHarness(server, clock, { checkLedger: true });

const rows = async <T>(q: ReturnType<typeof sql>) =>
  ((await server.built.ctx.db.execute(q)) as unknown as { rows: T[] }).rows;
const usdt = async (token: string) => {
  const a = await server.api('/xb/v1/wallet/assets', {}, { token });
  return a.body.data.wallets[0].currencies.find((c: any) => c.currency === 'USDT').available;
};
const deposit = (body: Record<string, unknown>, token = h.finance) =>
  server.api('/admin/chain/deposit', { currency: 'USDT', chain: 'TRC20', confirmations: 1, ...body }, { token });

/** A live chain's adapter (what a real network would plug in). */
class LiveChain implements ChainAdapter {
  readonly name: string;
  constructor(name = 'evm') {
    this.name = name;
  }
  async send(t: OutgoingTransfer) {
    return { txHash: `0xlive${t.withdrawalId}` };
  }
}

describe('simulated deposits', () => {
  it('up to the four-eyes value one operator credits it, labelled demo in records and journal', async () => {
    const u = await h.user();
    const res = await deposit({ user: u.id, amount: '1000' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'credited', amount: '1000', demo: true });
    expect(await usdt(u.token)).toBe('1000');
    const recs = await server.api('/xb/v1/wallet/deposit/records', {}, { token: u.token });
    expect(recs.body.data.items[0]).toMatchObject({ demo: true });
    const [entry] = await rows<{ memo: string }>(
      sql`select memo from ledger_transactions where reference = ${`deposit:${res.body.data.id}`}`,
    );
    expect(entry!.memo).toMatch(/^demo: simulated deposit TRC20 0x[0-9a-f]{64}$/);
  });

  it('above it, a second operator must approve before anything is credited', async () => {
    const u = await h.user();
    const res = await deposit({ user: u.id, amount: '1000.000001' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      approvalRequired: true,
      proposal: { kind: 'simulated_deposit', status: 'pending', amount: '1000.000001', userId: u.id },
    });
    expect(res.body.data.proposal.reason).toContain('demo');
    expect(await usdt(u.token)).toBe('0');
    expect(await rows(sql`select id from deposits where user_id = ${u.id}`)).toEqual([]);
    const id = res.body.data.proposal.id;
    const self = await server.api('/admin/wallet/adjustments/approve', { id }, { token: h.finance });
    expect(self.body.error).toBe('SECOND_OPERATOR_REQUIRED');
    const approved = await server.api('/admin/wallet/adjustments/approve', { id }, { token: h.secondFinance });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({
      status: 'approved',
      result: { status: 'credited', amount: '1000.000001', demo: true },
    });
    expect(await usdt(u.token)).toBe('1000.000001');
    const [d] = await rows<{ created_by: string; approved_by: string; simulated: boolean }>(
      sql`select created_by::text, approved_by::text, simulated from deposits where user_id = ${u.id}`,
    );
    expect(d!.simulated).toBe(true);
    expect(d!.created_by).not.toBe(d!.approved_by);
    // once approved it is done: a second approval changes nothing
    expect((await server.api('/admin/wallet/adjustments/approve', { id }, { token: h.secondFinance })).body.error).toBe(
      'WRONG_STATE',
    );
    expect(await usdt(u.token)).toBe('1000.000001');
    const actions = await rows<{ action: string }>(
      sql`select action from audit_log where (target_type = 'adjustment' and target_id = ${String(id)})
          or (action = 'chain.deposit' and detail->>'userId' = ${String(u.id)}) order by id`,
    );
    expect(actions.map((a) => a.action)).toEqual([
      'simulated_deposit.propose',
      'chain.deposit',
      'simulated_deposit.approve',
    ]);
  });

  it('a rejected proposal credits nothing', async () => {
    const u = await h.user();
    const res = await deposit({ user: u.id, amount: '50000' });
    const id = res.body.data.proposal.id;
    const rejected = await server.api('/admin/wallet/adjustments/reject', { id }, { token: h.secondFinance });
    expect(rejected.body.data.status).toBe('rejected');
    expect(await usdt(u.token)).toBe('0');
  });

  it('is impossible where a real chain adapter serves the network', async () => {
    const u = await h.user();
    const ctx = server.built.ctx;
    const before = ctx.services.chain;
    // a deposit made while ERC20 was still simulated, waiting for confirmations
    const early = await deposit({ user: u.id, amount: '100', chain: 'ERC20', confirmations: 0 });
    expect(early.body.data.status).toBe('pending');
    try {
      ctx.services.chain = { ERC20: new LiveChain() };
      const res = await deposit({ user: u.id, amount: '100', chain: 'ERC20' }, h.finance);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: 'REAL_CHAIN' });
      expect(res.body.message).toBe(
        'Deposits on ERC20 come from the chain itself; an operator cannot credit or confirm them',
      );
      // nor through four eyes, nor by confirming the earlier one
      expect((await deposit({ user: u.id, amount: '5000', chain: 'ERC20' })).body.error).toBe('REAL_CHAIN');
      expect(
        (
          await server.api(
            '/admin/chain/confirm',
            { depositId: early.body.data.id, confirmations: 3 },
            { token: h.finance },
          )
        ).body.error,
      ).toBe('REAL_CHAIN');
      // a look-alike that calls itself "simulated" is not the simulated chain
      ctx.services.chain = { ERC20: new LiveChain('simulated') };
      expect((await deposit({ user: u.id, amount: '100', chain: 'ERC20' })).body.error).toBe('REAL_CHAIN');
      // the other networks are still the simulated chain's
      expect((await deposit({ user: u.id, amount: '100' })).status).toBe(200);
      const addr = await server.api(
        '/xb/v1/wallet/deposit/address',
        { currency: 'USDT', chain: 'ERC20' },
        { token: u.token },
      );
      expect(addr.body.data.simulated).toBe(false);
      // one adapter for every network
      ctx.services.chain = new LiveChain();
      expect((await deposit({ user: u.id, amount: '100' })).body.error).toBe('REAL_CHAIN');
      ctx.services.chain = new SimulatedChain();
      expect((await deposit({ user: u.id, amount: '100' })).status).toBe(200);
    } finally {
      ctx.services.chain = before;
    }
    expect(await usdt(u.token)).toBe('200');
  });
});

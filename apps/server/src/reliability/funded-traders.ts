import crypto from 'node:crypto';
import { systemClock } from '../platform/clock.ts';
import { hashPassword } from '../platform/crypto/password.ts';
import type { Db } from '../platform/db/database.ts';
import { SessionStore } from '../platform/session/session-store.ts';
import { users } from '../modules/account/user.schema.ts';
import { kycApplications } from '../modules/kyc/kyc.schema.ts';
import { LedgerService } from '../modules/wallet/ledger.service.ts';

export const TRADER_FUND_PASSWORD = '246810';
export const TRADER_USDT = 1_000_000n * 1_000_000n; // 1,000,000 USDT in minor units
export const TRADER_BTC = 20n * 100_000_000n; // 20 BTC

export interface FundedTrader {
  id: number;
  email: string;
  token: string;
}

/**
 * Users ready to trade and withdraw, written straight into a database before the server runs on it
 * (the embedded database has one owner at a time): a session, 1,000,000 USDT and 20 BTC from the
 * outside world (a balanced `test_funding` entry), a fund password and an approved basic KYC.
 */
export async function createFundedTraders(db: Db, count: number, label: string): Promise<FundedTrader[]> {
  const sessions = new SessionStore(db, systemClock, 7 * 86_400_000);
  const ledger = new LedgerService(db, systemClock);
  const passwordHash = await hashPassword('abc12345');
  const fundPasswordHash = await hashPassword(TRADER_FUND_PASSWORD);
  const tag = crypto.randomBytes(3).toString('hex').toUpperCase();
  const traders: FundedTrader[] = [];
  for (let i = 0; i < count; i += 1) {
    const email = `${label}-${tag.toLowerCase()}-${i}@example.com`;
    const [row] = await db
      .insert(users)
      .values({ email, passwordHash, fundPasswordHash, inviteCode: `${tag}${i}`.padEnd(8, '0').slice(0, 8) })
      .returning({ id: users.id });
    const id = row!.id;
    const now = new Date();
    await db.insert(kycApplications).values({
      userId: id,
      level: 'basic',
      state: 'approved',
      realName: `Test Trader ${i}`,
      idNumber: `T${tag}${i}`,
      country: 'DE',
      documentType: 'id_card',
      reviewedAt: now,
      createdAt: now,
    });
    const { token } = await sessions.create('user', id, {});
    await ledger.transaction(async (tx) => {
      const to = (currency: string) => ({ userId: id, currency, wallet: 'spot' as const });
      const world = (currency: string) => ({ system: 'outside_world' as const, currency });
      await ledger.transfer(tx, 'test_funding', world('USDT'), to('USDT'), TRADER_USDT);
      await ledger.transfer(tx, 'test_funding', world('BTC'), to('BTC'), TRADER_BTC);
    });
    traders.push({ id, email, token });
  }
  return traders;
}

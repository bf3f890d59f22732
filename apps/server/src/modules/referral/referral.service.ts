import { count, desc, eq, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { formatUnits } from '@tidemark/contract/money';
import type { Db } from '../../platform/db/database.ts';
import { notFound } from '../../platform/http/app-error.ts';
import type { AccountPort } from '../kyc/account-port.ts';
import type { KycReader } from '../kyc/kyc.service.ts';
import { currencyOf } from '../market/currencies.ts';
import { maskAccount } from './mask.ts';
import { bpsToRate, CREDIT_SCORE_START, type ReferralConfig } from './referral.config.ts';
import { referralRewards } from './referral.schema.ts';

export interface Paging {
  page: number;
  size: number;
}

/** Amounts leave the server as decimal strings at the currency's scale. */
export function toDecimal(units: bigint, currency: string): string {
  const c = currencyOf(currency);
  if (!c) throw new Error(`unknown currency ${currency}`);
  return formatUnits(units, c.scale);
}

export interface ReferralDeps {
  db: Db;
  accounts: () => AccountPort;
  kyc: () => KycReader;
  config: ReferralConfig;
  publicUrl: string;
}

/** The invite page, the team and the reward history of a user. */
export class ReferralService {
  private readonly deps: ReferralDeps;

  constructor(deps: ReferralDeps) {
    this.deps = deps;
  }

  rules() {
    return {
      level1Rate: bpsToRate(this.deps.config.level1Bps),
      level2Rate: bpsToRate(this.deps.config.level2Bps),
      basis: 'trading_fee' as const,
      paidTo: 'spot' as const,
      creditScoreStart: CREDIT_SCORE_START,
    };
  }

  async invite(userId: number) {
    const user = await this.deps.accounts().getUser(userId);
    if (!user) throw notFound();
    const inviteLink = `${this.deps.publicUrl}/register?code=${encodeURIComponent(user.inviteCode)}`;
    const qrDataUrl = await QRCode.toDataURL(inviteLink, { errorCorrectionLevel: 'M', margin: 1, width: 256 });
    return { inviteCode: user.inviteCode, inviteLink, qrDataUrl };
  }

  async team(userId: number, paging: Paging) {
    const [totalMembers, direct] = await Promise.all([
      this.deps.accounts().countTeam(userId, 2),
      this.deps.accounts().listDirectInvitees(userId, paging),
    ]);
    const kyc = await this.deps.kyc().summariesOf(direct.items.map((i) => i.id));
    return {
      totalMembers,
      directCount: direct.total,
      page: paging.page,
      size: paging.size,
      items: direct.items.map((i) => ({
        account: maskAccount(i),
        joinedAt: new Date(i.createdAt).getTime(),
        kycLevel: kyc.get(i.id)?.level ?? 'none',
        kycState: kyc.get(i.id)?.state ?? 'not_certified',
      })),
    };
  }

  async rewards(userId: number, paging: Paging) {
    const [total] = await this.deps.db
      .select({ n: count() })
      .from(referralRewards)
      .where(eq(referralRewards.inviterId, userId));
    const rows = await this.deps.db
      .select()
      .from(referralRewards)
      .where(eq(referralRewards.inviterId, userId))
      .orderBy(desc(referralRewards.id))
      .limit(paging.size)
      .offset((paging.page - 1) * paging.size);
    const sums = await this.deps.db
      .select({ currency: referralRewards.currency, amount: sql<string>`sum(${referralRewards.amount})::text` })
      .from(referralRewards)
      .where(eq(referralRewards.inviterId, userId))
      .groupBy(referralRewards.currency);
    const invitees = new Map<number, string>();
    for (const id of new Set(rows.map((r) => r.inviteeId))) {
      const u = await this.deps.accounts().getUser(id);
      invitees.set(id, u ? maskAccount(u) : '***');
    }
    return {
      total: Number(total?.n ?? 0),
      page: paging.page,
      size: paging.size,
      totals: sums.map((s) => ({ currency: s.currency, amount: toDecimal(BigInt(s.amount), s.currency) })),
      items: rows.map((r) => ({
        id: r.id,
        level: r.level,
        invitee: invitees.get(r.inviteeId) ?? '***',
        currency: r.currency,
        fee: toDecimal(BigInt(r.feeAmount), r.currency),
        rate: bpsToRate(r.rateBps),
        amount: toDecimal(BigInt(r.amount), r.currency),
        at: r.createdAt.getTime(),
      })),
    };
  }
}

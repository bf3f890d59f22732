import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { KycLevel, KycUserState } from '@tidemark/contract/kyc';
import { apiPost } from '../../../lib/api.ts';

/** Team, invite and credit-score calls (apps/server/src/modules/referral/referral.module.ts). */
export const referralKeys = {
  all: ['referral'] as const,
  invite: ['referral', 'invite'] as const,
  rules: ['referral', 'rules'] as const,
  team: ['referral', 'team'] as const,
  rewards: ['referral', 'rewards'] as const,
  credit: ['referral', 'credit'] as const,
};

export const PAGE_SIZE = 20;

export interface InviteInfo {
  inviteCode: string;
  inviteLink: string;
  /** A PNG data URL of the link's QR code, drawn by the server. */
  qrDataUrl: string;
}

export interface ReferralRules {
  /** Published shares of an invitee's trading fee, as decimal strings ("0.2"). */
  level1Rate: string;
  level2Rate: string;
  basis: 'trading_fee';
  paidTo: 'spot';
  creditScoreStart: number;
}

export interface TeamMember {
  account: string;
  joinedAt: number;
  kycLevel: KycLevel;
  kycState: KycUserState;
}

export interface TeamPage {
  totalMembers: number;
  directCount: number;
  page: number;
  size: number;
  items: TeamMember[];
}

export interface RewardRow {
  id: number;
  level: number;
  invitee: string;
  currency: string;
  fee: string;
  rate: string;
  amount: string;
  at: number;
}

export interface RewardsPage {
  total: number;
  page: number;
  size: number;
  totals: Array<{ currency: string; amount: string }>;
  items: RewardRow[];
}

export interface CreditInfo {
  score: number;
  start: number;
  history: Array<{ from: number; to: number; reason: string; at: number }>;
}

export const inviteQuery = () =>
  queryOptions({ queryKey: referralKeys.invite, queryFn: () => apiPost<InviteInfo>('/xb/v1/referral/invite') });

export const rulesQuery = () =>
  queryOptions({
    queryKey: referralKeys.rules,
    queryFn: () => apiPost<ReferralRules>('/xb/v1/referral/rules'),
    staleTime: 5 * 60_000,
  });

export const creditQuery = () =>
  queryOptions({ queryKey: referralKeys.credit, queryFn: () => apiPost<CreditInfo>('/xb/v1/account/credit') });

/** Pages are numbered from 1; the next one exists while fewer rows were shown than the total. */
function nextPage(shown: number, total: number, lastPage: number): number | undefined {
  return shown < total ? lastPage + 1 : undefined;
}

export const teamQuery = () =>
  infiniteQueryOptions({
    queryKey: referralKeys.team,
    initialPageParam: 1,
    queryFn: ({ pageParam }) => apiPost<TeamPage>('/xb/v1/referral/team', { page: pageParam, size: PAGE_SIZE }),
    getNextPageParam: (last, all) =>
      nextPage(
        all.reduce((n, p) => n + p.items.length, 0),
        last.directCount,
        last.page,
      ),
  });

export const rewardsQuery = () =>
  infiniteQueryOptions({
    queryKey: referralKeys.rewards,
    initialPageParam: 1,
    queryFn: ({ pageParam }) => apiPost<RewardsPage>('/xb/v1/referral/rewards', { page: pageParam, size: PAGE_SIZE }),
    getNextPageParam: (last, all) =>
      nextPage(
        all.reduce((n, p) => n + p.items.length, 0),
        last.total,
        last.page,
      ),
  });

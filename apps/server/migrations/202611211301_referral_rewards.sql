-- Invite rewards: a published share of each invitee's trading fees, paid from the fee account.
-- Every fee posting is examined exactly once: its row here is written in the same transaction as
-- the reward entries it caused (the primary key makes a second run a no-op).
create table referral_fee_postings (
  posting_id bigint primary key references ledger_postings (id),
  payer_user_id bigint references users (id),
  -- rewarded: rewards paid; no_inviter / not_trading / no_payer / zero: examined, nothing to pay
  outcome text not null check (outcome in ('rewarded', 'no_inviter', 'not_trading', 'no_payer', 'zero')),
  processed_at timestamptz not null
);

create table referral_rewards (
  id bigint generated always as identity primary key,
  fee_posting_id bigint not null references referral_fee_postings (posting_id),
  level smallint not null check (level in (1, 2)),
  inviter_id bigint not null references users (id),
  invitee_id bigint not null references users (id),
  currency text not null,
  fee_amount bigint not null check (fee_amount > 0),
  -- the share in basis points (1/10000) at the time of payment
  rate_bps integer not null check (rate_bps between 0 and 10000),
  amount bigint not null check (amount > 0 and amount <= fee_amount),
  ledger_transaction_id bigint not null references ledger_transactions (id),
  created_at timestamptz not null,
  unique (fee_posting_id, level)
);
create index referral_rewards_inviter_idx on referral_rewards (inviter_id, id);

-- Credit score changes (spec §3): only an operator changes a score, always with a reason the user sees.
create table credit_score_changes (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  from_score integer not null,
  to_score integer not null check (to_score between 0 and 1000),
  reason text not null check (length(btrim(reason)) > 0),
  operator_id bigint not null references operators (id),
  created_at timestamptz not null
);
create index credit_score_changes_user_idx on credit_score_changes (user_id, id);

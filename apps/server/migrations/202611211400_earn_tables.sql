-- Earn (lock staking): published plans, users' locked orders and the daily accruals.
-- Amounts are integer minor units of the plan's currency; rates are daily fractions (0.001 = 0.1 %/day).
create table earn_plans (
  id bigint generated always as identity primary key,
  -- stable name of a configured plan (the seed finds its plans by it); null for operator-made plans
  code text unique,
  currency text not null,
  lock_days integer not null check (lock_days between 1 and 3650),
  -- the published range; rate_min = rate_max is a fixed rate. `rate` is what a new subscription
  -- gets (starts at rate_min; the operator may publish another value inside the range).
  rate_min numeric(20, 18) not null check (rate_min > 0),
  rate_max numeric(20, 18) not null check (rate_max >= rate_min and rate_max < 1),
  rate numeric(20, 18) not null check (rate between rate_min and rate_max),
  min_amount bigint not null check (min_amount > 0),
  max_amount bigint not null check (max_amount >= min_amount),
  -- the most principal all active orders of the plan may hold together
  capacity bigint not null check (capacity >= max_amount),
  -- early redemption: accrued yield is forfeited and this fraction of the principal is kept
  penalty_rate numeric(20, 18) not null check (penalty_rate >= 0 and penalty_rate < 1),
  -- a subscription may be revoked (full refund, no yield) for this long
  grace_minutes integer not null check (grace_minutes between 0 and 1440),
  status text not null check (status in ('open', 'closed')),
  sort integer not null default 0,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

create table earn_orders (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  plan_id bigint not null references earn_plans (id),
  currency text not null,
  -- where the principal came from (it is held frozen in the earn wallet either way)
  source_wallet text not null check (source_wallet in ('earn', 'spot')),
  amount bigint not null check (amount > 0),
  -- the plan's terms fixed at subscription: later plan changes never touch an order
  daily_rate numeric(20, 18) not null check (daily_rate > 0),
  daily_yield bigint not null check (daily_yield >= 0),
  lock_days integer not null check (lock_days > 0),
  penalty_rate numeric(20, 18) not null check (penalty_rate >= 0 and penalty_rate < 1),
  -- UTC day number (epoch ms / 86 400 000) of the subscription; the order earns for days
  -- start_day + 1 … start_day + lock_days and matures at the start of day start_day + lock_days
  start_day integer not null,
  started_at timestamptz not null,
  ends_at timestamptz not null,
  grace_until timestamptz not null,
  days_paid integer not null default 0 check (days_paid between 0 and lock_days),
  -- yield paid so far (held frozen in the earn wallet until the order closes)
  accrued bigint not null default 0 check (accrued = daily_yield * days_paid),
  state text not null check (state in ('active', 'matured', 'redeemed', 'revoked')),
  -- what an early redemption kept (principal part + forfeited yield)
  penalty bigint check (penalty >= 0),
  closed_at timestamptz
);
create index earn_orders_user_idx on earn_orders (user_id, id);
create index earn_orders_active_idx on earn_orders (state, plan_id);

-- One row per order and UTC day, written in the same transaction as that day's ledger entry:
-- the primary key makes a second payment for the same day impossible.
create table earn_accruals (
  order_id bigint not null references earn_orders (id),
  day integer not null,
  amount bigint not null check (amount >= 0),
  ledger_transaction_id bigint references ledger_transactions (id),
  created_at timestamptz not null,
  primary key (order_id, day)
);

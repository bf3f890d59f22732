-- Cycle contracts (fixed-period up/down), docs/decisions/0005-cycle-settlement.md.
-- Money is integer minor units of USDT (bigint); rates are numeric. Terms are immutable once bought
-- and a contract leaves 'open' exactly once (trigger below), so no later call can change a result.

-- What is offered: one row per (instrument, period). The operator may change the rates and limits;
-- a contract keeps the terms it was bought with.
create table cycle_products (
  instrument text not null,
  period_seconds integer not null check (period_seconds >= 10),
  payout_rate numeric(10, 4) not null check (payout_rate > 0 and payout_rate <= 10),
  fee_rate numeric(10, 6) not null check (fee_rate >= 0 and fee_rate < 1),
  min_stake bigint not null check (min_stake > 0),
  max_stake bigint not null,
  user_exposure_limit bigint not null,
  enabled boolean not null default true,
  updated_at timestamptz not null,
  primary key (instrument, period_seconds),
  check (max_stake >= min_stake),
  check (user_exposure_limit >= max_stake)
);

-- Switches the operator sets: a whole instrument, a period on every instrument, or a country.
-- A missing row means "on".
create table cycle_switches (
  scope text not null check (scope in ('instrument', 'period', 'country')),
  key text not null,
  enabled boolean not null,
  updated_at timestamptz not null,
  primary key (scope, key)
);

-- The user's acceptance of the cycle risk disclosure (document risk_cycle), before the first contract.
create table cycle_risk_acceptances (
  user_id bigint primary key references users (id),
  document_code text not null,
  accepted_at timestamptz not null
);

create table cycle_contracts (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  request_id text not null,
  instrument text not null,
  period_seconds integer not null check (period_seconds > 0),
  direction text not null check (direction in ('up', 'down')),
  currency text not null,
  stake bigint not null check (stake > 0),
  fee bigint not null check (fee >= 0),
  payout_rate numeric(10, 4) not null check (payout_rate > 0),
  payout bigint not null,
  committed_at timestamptz not null,
  end_at timestamptz not null,
  rule_version text not null,
  demo boolean not null,
  buy_transaction_id bigint not null,
  status text not null default 'open' check (status in ('open', 'won', 'lost', 'refunded')),
  refund_reason text check (refund_reason in ('no_ticks', 'single_tick', 'tie')),
  entry_price numeric(38, 18),
  entry_ts timestamptz,
  exit_price numeric(38, 18),
  exit_ts timestamptz,
  credit bigint,
  settled_at timestamptz,
  settle_transaction_id bigint,
  unique (user_id, request_id),
  check (payout > stake),
  check (end_at = committed_at + make_interval(secs => period_seconds)),
  check ((status = 'open') = (settled_at is null)),
  check (status <> 'refunded' or (refund_reason is not null and credit = stake)),
  check (status <> 'won' or (credit = payout and exit_price is not null and entry_price is not null)),
  check (status <> 'lost' or (credit = 0 and exit_price is not null and entry_price is not null))
);
create index cycle_contracts_open_idx on cycle_contracts (end_at) where status = 'open';
create index cycle_contracts_user_idx on cycle_contracts (user_id, id);

-- Terms never change, a settled contract never changes, nothing is deleted; the only update allowed
-- is the one settlement of an open contract.
create function cycle_contract_guard() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    raise exception 'cycle_contracts rows are never deleted';
  end if;
  if old.status <> 'open' then
    raise exception 'cycle contract % is already settled', old.id;
  end if;
  if (new.user_id, new.request_id, new.instrument, new.period_seconds, new.direction, new.currency, new.stake,
      new.fee, new.payout_rate, new.payout, new.committed_at, new.end_at, new.rule_version, new.demo,
      new.buy_transaction_id)
     is distinct from
     (old.user_id, old.request_id, old.instrument, old.period_seconds, old.direction, old.currency, old.stake,
      old.fee, old.payout_rate, old.payout, old.committed_at, old.end_at, old.rule_version, old.demo,
      old.buy_transaction_id) then
    raise exception 'cycle contract % terms are immutable', old.id;
  end if;
  return new;
end;
$$;
create trigger cycle_contracts_guard before update or delete on cycle_contracts
  for each row execute function cycle_contract_guard();

-- The ledger (DESIGN.md §1, §5). Amounts are integer minor units at the currency's scale
-- (bigint; the scale lives in the currency configuration), so no value is ever rounded here.

-- An account per (owner, currency, wallet). owner is 'u:<user id>' or 's:<system name>'.
-- User balances and every frozen balance are never negative. Among system accounts only
-- 'outside_world' may be negative: it mirrors what came in from (and went out to) the chains and
-- the platform's own capital, so with it every currency sums to zero.
create table ledger_accounts (
  id bigint generated always as identity primary key,
  owner text not null,
  owner_kind text not null check (owner_kind in ('user', 'system')),
  user_id bigint references users (id),
  system_name text,
  currency text not null,
  wallet text not null check (wallet in ('spot', 'futures', 'earn', 'system')),
  available bigint not null default 0,
  frozen bigint not null default 0 check (frozen >= 0),
  created_at timestamptz not null default now(),
  unique (owner, currency, wallet),
  check ((owner_kind = 'user' and user_id is not null and system_name is null and wallet <> 'system' and owner = 'u:' || user_id)
      or (owner_kind = 'system' and user_id is null and system_name is not null and wallet = 'system' and owner = 's:' || system_name)),
  check (available >= 0 or coalesce(system_name, '') = 'outside_world') -- coalesce: NULL would pass a CHECK
);
create index ledger_accounts_user_idx on ledger_accounts (user_id);

-- A balanced journal transaction and its postings. A posting changes one account's available and/or
-- frozen amount; per transaction and currency the changes sum to zero.
create table ledger_transactions (
  id bigint generated always as identity primary key,
  kind text not null,
  reference text,
  memo text,
  created_at timestamptz not null default now()
);

create table ledger_postings (
  id bigint generated always as identity primary key,
  transaction_id bigint not null references ledger_transactions (id),
  account_id bigint not null references ledger_accounts (id),
  currency text not null,
  available_delta bigint not null,
  frozen_delta bigint not null,
  check (available_delta <> 0 or frozen_delta <> 0)
);
create index ledger_postings_tx_idx on ledger_postings (transaction_id);
create index ledger_postings_account_idx on ledger_postings (account_id, id);

create function ledger_append_only() returns trigger language plpgsql as $$
begin
  raise exception '% is append-only', tg_table_name;
end;
$$;
create trigger ledger_transactions_no_update before update or delete on ledger_transactions
  for each row execute function ledger_append_only();
create trigger ledger_postings_no_update before update or delete on ledger_postings
  for each row execute function ledger_append_only();

-- Checked at commit: the transaction of each new posting sums to zero per currency, and the
-- posting's currency is its account's.
create function ledger_posting_check() returns trigger language plpgsql as $$
declare
  unbalanced text;
begin
  if (select currency from ledger_accounts where id = new.account_id) <> new.currency then
    raise exception 'posting % currency does not match its account', new.id;
  end if;
  select currency into unbalanced from ledger_postings
    where transaction_id = new.transaction_id
    group by currency having sum(available_delta + frozen_delta) <> 0 limit 1;
  if unbalanced is not null then
    raise exception 'ledger transaction % does not balance in %', new.transaction_id, unbalanced;
  end if;
  return null;
end;
$$;
create constraint trigger ledger_postings_balanced after insert on ledger_postings
  deferrable initially deferred for each row execute function ledger_posting_check();

-- Idempotency of money commands: the first result of (user, requestId) is kept with a hash of the
-- request; a retry gets it back, another body under the same id is a conflict.
create table idempotency_keys (
  user_id bigint not null references users (id),
  request_id text not null,
  command text not null,
  body_hash text not null,
  result jsonb,
  created_at timestamptz not null default now(),
  primary key (user_id, request_id)
);

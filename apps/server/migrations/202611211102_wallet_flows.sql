-- Deposits, withdrawals, bank withdrawals, the address book, converts and two-operator adjustments.
-- Amounts are minor units of the row's currency (bigint), like the ledger.

-- One deposit address per user and chain format (derived deterministically, see addresses.ts).
create table deposit_addresses (
  user_id bigint not null references users (id),
  format text not null,
  address text not null unique,
  created_at timestamptz not null default now(),
  primary key (user_id, format)
);

-- pending: seen on chain, 0 confirmations, not credited; credited: ≥1 confirmation, in the
-- balance but not withdrawable; confirmed: ≥3 confirmations, withdrawable.
create table deposits (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  currency text not null,
  chain text not null,
  address text not null,
  tx_hash text not null,
  amount bigint not null check (amount > 0),
  confirmations integer not null default 0 check (confirmations >= 0),
  status text not null check (status in ('pending', 'credited', 'confirmed')),
  created_by bigint references operators (id),
  created_at timestamptz not null default now(),
  credited_at timestamptz,
  confirmed_at timestamptz,
  unique (chain, tx_hash)
);
create index deposits_user_idx on deposits (user_id, id);

-- pending → sent (approved, broadcast) → completed; pending → rejected | cancelled; sent → failed.
create table withdrawals (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  currency text not null,
  chain text not null,
  address text not null,
  amount bigint not null check (amount > 0),
  fee bigint not null check (fee >= 0 and fee < amount),
  btc_value bigint not null check (btc_value >= 0),
  status text not null check (status in ('pending', 'sent', 'completed', 'rejected', 'cancelled', 'failed')),
  reason text,
  tx_hash text,
  reviewed_by bigint references operators (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index withdrawals_user_idx on withdrawals (user_id, id);
create index withdrawals_status_idx on withdrawals (status, id);

create table bank_withdrawals (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  cardholder text not null,
  bank_name text not null,
  branch_name text not null,
  bank_code text not null,
  card_number text not null,
  amount bigint not null check (amount > 0),
  fee bigint not null check (fee >= 0 and fee < amount),
  status text not null check (status in ('pending', 'paid', 'rejected')),
  reason text,
  reviewed_by bigint references operators (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index bank_withdrawals_user_idx on bank_withdrawals (user_id, id);

create table withdrawal_addresses (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  currency text not null,
  chain text not null,
  address text not null,
  remark text not null default '',
  created_at timestamptz not null default now(),
  unique (user_id, currency, chain, address)
);

-- A quote is a promise for `expires_at`; executing it twice is impossible (unique quote_id below).
create table convert_quotes (
  id text primary key,
  user_id bigint not null references users (id),
  from_currency text not null,
  to_currency text not null,
  from_amount bigint not null check (from_amount > 0),
  to_amount bigint not null check (to_amount > 0),
  fee bigint not null check (fee >= 0),
  index_price numeric(38, 18) not null,
  rate numeric(38, 18) not null,
  demo boolean not null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);

create table convert_orders (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  quote_id text not null unique references convert_quotes (id),
  from_currency text not null,
  to_currency text not null,
  from_amount bigint not null,
  to_amount bigint not null,
  fee bigint not null,
  rate numeric(38, 18) not null,
  transaction_id bigint not null references ledger_transactions (id),
  created_at timestamptz not null default now()
);
create index convert_orders_user_idx on convert_orders (user_id, id);

-- A manual balance correction: one operator proposes with a reason, a different one approves;
-- only then is it posted (against the outside world) as a journal entry carrying the reason.
create table adjustments (
  id bigint generated always as identity primary key,
  user_id bigint references users (id),
  system_name text,
  currency text not null,
  wallet text not null,
  amount bigint not null check (amount <> 0),
  reason text not null check (length(reason) > 0),
  status text not null check (status in ('pending', 'approved', 'rejected')),
  proposed_by bigint not null references operators (id),
  decided_by bigint references operators (id),
  transaction_id bigint references ledger_transactions (id),
  created_at timestamptz not null default now(),
  decided_at timestamptz,
  check (decided_by is null or decided_by <> proposed_by),
  check ((user_id is null) <> (system_name is null))
);

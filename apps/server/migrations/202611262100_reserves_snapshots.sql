-- Proof of reserves (docs/decisions/0023-proof-of-reserves.md): per snapshot and currency a Merkle-sum tree over
-- the users' liabilities, published with the platform's holdings. Everything here is written once, never changed.
create table reserve_snapshots (
  id bigint generated always as identity primary key,
  taken_at timestamptz not null,
  -- who asked for it: an operator in the console, the command line, or the configured schedule
  source text not null check (source in ('console', 'cli', 'schedule')),
  operator_id bigint references operators (id)
);

create table reserve_currencies (
  snapshot_id bigint not null references reserve_snapshots (id),
  currency text not null,
  root_hash text not null check (root_hash ~ '^[0-9a-f]{64}$'),
  -- Σ of the leaves, minor units: the published liabilities
  total bigint not null check (total >= 0),
  leaf_count integer not null check (leaf_count > 0),
  -- withdrawals approved and on their way out (the hot wallet account): still held, no longer a user's balance
  in_flight bigint not null check (in_flight >= 0),
  primary key (snapshot_id, currency)
);

-- What the platform holds per currency: one row per real network (read from the chain) and one for the
-- simulated chain (the ledger's mirror of it, labelled demo).
create table reserve_holdings (
  snapshot_id bigint not null references reserve_snapshots (id),
  currency text not null,
  source text not null check (source in ('chain', 'simulated')),
  network text not null,
  amount bigint not null check (amount >= 0),
  demo boolean not null,
  primary key (snapshot_id, currency, network)
);

-- Every node of every tree (level 0 = the leaves in tree order): enough to give any user the path.
create table reserve_nodes (
  snapshot_id bigint not null references reserve_snapshots (id),
  currency text not null,
  level smallint not null check (level >= 0),
  idx integer not null check (idx >= 0),
  hash text not null,
  sum bigint not null check (sum >= 0),
  primary key (snapshot_id, currency, level, idx)
);

-- Whose leaf is where, with the nonce only that user is given.
create table reserve_leaves (
  snapshot_id bigint not null references reserve_snapshots (id),
  currency text not null,
  user_id bigint not null references users (id),
  idx integer not null check (idx >= 0),
  nonce text not null,
  primary key (snapshot_id, currency, user_id)
);

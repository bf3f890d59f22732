-- Real chains behind the chain adapters:
-- * a deposit seen by a chain watcher carries the block it was mined in (number and hash), so the
--   watcher can count confirmations and notice when that block left the canonical chain (reorg);
--   such a deposit becomes `reversed` (its credit, if any, taken back by a journal entry);
-- * one deposit address per user and network derived from the network's extended public key
--   (index = user id), kept apart from the simulated chain's per-format addresses;
-- * each watcher's cursor (the last block scanned and its hash), written in the same transaction as
--   the deposits it found, so a restart neither skips nor double-counts a block;
-- * the hot wallet's next nonce per network and address, taken under a row lock, so two
--   withdrawals never share a nonce and a restart never leaves a gap.
alter table deposits drop constraint deposits_status_check;
alter table deposits add constraint deposits_status_check
  check (status in ('pending', 'credited', 'confirmed', 'reversed'));
alter table deposits add column block_number bigint;
alter table deposits add column block_hash text;

create table chain_addresses (
  network text not null,
  user_id bigint not null references users (id),
  address text not null,
  created_at timestamptz not null default now(),
  primary key (network, user_id),
  unique (network, address)
);

create table chain_cursors (
  network text primary key,
  block_number bigint not null check (block_number >= 0),
  block_hash text not null,
  updated_at timestamptz not null default now()
);

create table chain_nonces (
  network text not null,
  address text not null,
  next_nonce bigint not null check (next_nonce >= 0),
  primary key (network, address)
);

-- Every transaction the signer signed, with the nonce it used, so a stuck one can be replaced (same
-- nonce, higher fee) and the withdrawal follows the replacement's hash.
create table chain_transactions (
  id bigint generated always as identity primary key,
  network text not null,
  reference text not null,
  from_address text not null,
  nonce bigint not null check (nonce >= 0),
  tx_hash text not null unique,
  max_fee_per_gas text not null,
  replaced_by text,
  created_at timestamptz not null default now()
);
create index chain_transactions_reference_idx on chain_transactions (network, reference);

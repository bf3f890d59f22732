-- TRON and Bitcoin withdrawals use the same outbox (`chain_transactions`) as EVM: the signed
-- transaction is recorded with the approval and broadcast after the commit. Neither chain has an
-- account nonce, so `nonce` and `max_fee_per_gas` are left empty for them:
-- * a TRON transaction is bound to a recent block and EXPIRES (`expires_at`): once blocks past that
--   time are final and the node does not have it, it can never be mined (TRON's "nonce spent");
-- * a Bitcoin transaction spends outputs; each output one of our transactions spends is reserved in
--   `chain_utxo_spends`, whose primary key makes it impossible for two withdrawals to spend the same
--   output. A withdrawal refunded because another transaction spent one of its inputs releases the
--   rest of them.
alter table chain_transactions alter column nonce drop not null;
alter table chain_transactions alter column max_fee_per_gas drop not null;
alter table chain_transactions add column expires_at timestamptz;

create table chain_utxo_spends (
  network text not null,
  -- `<txid>:<vout>` of the output spent
  outpoint text not null,
  tx_hash text not null references chain_transactions (tx_hash),
  created_at timestamptz not null default now(),
  primary key (network, outpoint)
);
create index chain_utxo_spends_tx_idx on chain_utxo_spends (tx_hash);

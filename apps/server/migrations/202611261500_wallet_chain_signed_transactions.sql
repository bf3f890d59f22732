-- The signed transaction itself, kept beside its hash: a transaction the node dropped from its pool
-- is broadcast again unchanged (same nonce, same content), so its nonce is never handed to another
-- request and no gap is left behind it; a stuck one is replaced from what was signed, even when the
-- node no longer knows it. A signed transaction is public once broadcast: nothing secret is stored.
-- Once the sender's mined nonce count passes a transaction's nonce, that nonce is spent (by it, its
-- replacement or another) and it is never looked at again for broadcasting: `nonce_spent_at` marks it,
-- so the watcher asks the node only about senders with something still open.
alter table chain_transactions add column raw_tx text;
alter table chain_transactions add column nonce_spent_at timestamptz;
create index chain_transactions_open_idx on chain_transactions (network, from_address, nonce)
  where nonce_spent_at is null;

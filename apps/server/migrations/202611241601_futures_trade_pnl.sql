-- What each side of a futures fill realized (USDT minor units; 0 for a fill that only opened), written
-- in the same transaction as the fill's journal entries: the journal pools every position's margin in
-- futures_clearing, so only the fill can say whose profit or loss it was (wallet/realized-pnl.ts).
alter table futures_trades add column taker_pnl bigint not null default 0;
alter table futures_trades add column maker_pnl bigint not null default 0;
create index futures_trades_taker_idx on futures_trades (taker_user_id, created_at);
create index futures_trades_maker_idx on futures_trades (maker_user_id, created_at);
create index futures_funding_payments_user_idx on futures_funding_payments (user_id, created_at);

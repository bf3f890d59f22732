-- Spot stop-limit / stop-market orders and the stop leg of an OCO pair (docs/decisions/0024-spot-stop-orders.md).
-- A stop waits here until the market's last trade price crosses stop_price_ticks; then, in the same transaction
-- as the trade that crossed it, its order is placed (spot_orders, client id "stop/<id>") and it becomes
-- 'triggered'. frozen_amount is what the stop itself holds frozen in the user's spot account (given to its order
-- when it fires, released when it is cancelled). Prices in ticks, quantities in lots, amounts in minor units.
create table spot_stop_orders (
  id bigint generated always as identity primary key,
  user_id bigint not null,
  symbol text not null,
  client_order_id text not null,
  request_hash text not null,
  side text not null check (side in ('buy', 'sell')),
  type text not null check (type in ('stop_limit', 'stop_market')),
  stop_price_ticks bigint not null check (stop_price_ticks > 0),
  price_ticks bigint check (price_ticks > 0),
  qty_lots bigint check (qty_lots > 0),
  quote_amount bigint check (quote_amount > 0),
  -- the limit leg of an OCO pair: when it fills (even partly) the stop is cancelled; when the stop fires, it is
  oco_order_id bigint references spot_orders (id),
  frozen_currency text not null,
  frozen_amount bigint not null check (frozen_amount >= 0),
  status text not null check (status in ('waiting', 'triggered', 'cancelled')),
  cancel_reason text,
  -- the order placed when the stop fired; unique: a stop places at most one order
  order_id bigint unique references spot_orders (id),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  triggered_at timestamptz,
  unique (user_id, client_order_id),
  check (status <> 'waiting' or frozen_amount > 0 or oco_order_id is not null),
  check (status <> 'triggered' or triggered_at is not null)
);
-- the stop books are rebuilt from these rows on start-up
create index spot_stop_orders_waiting on spot_stop_orders (symbol, id) where status = 'waiting';
create index spot_stop_orders_user on spot_stop_orders (user_id, id);

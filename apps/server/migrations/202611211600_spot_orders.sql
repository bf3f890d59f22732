-- Spot trading: orders and trades. Amounts are integer minor units (base at its scale, USDT at 6);
-- engine prices and quantities are integer ticks and lots of the market (see modules/spot/markets.ts).
create table spot_orders (
  id bigint generated always as identity primary key,
  user_id bigint not null,
  symbol text not null,
  client_order_id text not null,
  request_hash text not null,
  side text not null check (side in ('buy', 'sell')),
  type text not null check (type in ('limit', 'market')),
  time_in_force text,
  price_ticks bigint check (price_ticks > 0),
  qty_lots bigint check (qty_lots > 0),
  quote_amount bigint check (quote_amount > 0),
  remaining_lots bigint not null default 0 check (remaining_lots >= 0),
  filled_base bigint not null default 0 check (filled_base >= 0),
  turnover bigint not null default 0 check (turnover >= 0),
  fee bigint not null default 0 check (fee >= 0),
  frozen_currency text not null,
  frozen_remaining bigint not null check (frozen_remaining >= 0),
  status text not null check (status in ('new', 'partially_filled', 'filled', 'cancelled')),
  cancel_reason text,
  demo boolean not null default false,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (user_id, client_order_id)
);
-- the books are rebuilt from these rows on start-up, in id (= sequence) order
create index spot_orders_open on spot_orders (symbol, id) where status in ('new', 'partially_filled');
create index spot_orders_user on spot_orders (user_id, id);

create table spot_trades (
  id bigint generated always as identity primary key,
  symbol text not null,
  price_ticks bigint not null check (price_ticks > 0),
  qty_lots bigint not null check (qty_lots > 0),
  base_amount bigint not null check (base_amount > 0),
  quote_amount bigint not null check (quote_amount > 0),
  taker_side text not null check (taker_side in ('buy', 'sell')),
  taker_order_id bigint not null references spot_orders (id),
  maker_order_id bigint not null references spot_orders (id),
  taker_user_id bigint not null,
  maker_user_id bigint not null,
  taker_fee bigint not null check (taker_fee >= 0),
  maker_fee bigint not null check (maker_fee >= 0),
  demo boolean not null default false,
  created_at timestamptz not null
);
create index spot_trades_symbol_time on spot_trades (symbol, created_at);
create index spot_trades_taker on spot_trades (taker_order_id);
create index spot_trades_maker on spot_trades (maker_order_id);

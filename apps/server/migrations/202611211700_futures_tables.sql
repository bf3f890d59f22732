-- Perpetual futures (issue 8): per-contract settings, orders, trades, positions, the mark prices used,
-- funding rounds and payments, liquidations. Prices and quantities are integer ticks and lots of the
-- contract (futures/domain/contracts.ts), amounts are USDT minor units (scale 6); tick × lot = 1 unit.

create table futures_settings (
  user_id bigint not null references users (id),
  symbol text not null,
  margin_mode text not null check (margin_mode in ('cross', 'isolated')),
  leverage integer not null check (leverage >= 1),
  updated_at timestamptz not null,
  primary key (user_id, symbol)
);

create table futures_positions (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  symbol text not null,
  side text not null check (side in ('long', 'short')),
  margin_mode text not null check (margin_mode in ('cross', 'isolated')),
  leverage integer not null check (leverage >= 1),
  qty_lots bigint not null check (qty_lots >= 0),
  -- cost basis of the open lots: Σ notional, so the entry price is entry_value / qty_lots exactly
  entry_value bigint not null check (entry_value >= 0),
  -- margin held for this position in the futures_clearing system account
  margin bigint not null check (margin >= 0),
  opened_value bigint not null default 0 check (opened_value >= 0),
  fee bigint not null default 0 check (fee >= 0),
  funding bigint not null default 0,
  realized_pnl bigint not null default 0,
  closed_lots bigint not null default 0 check (closed_lots >= 0),
  close_value bigint not null default 0 check (close_value >= 0),
  take_profit_ticks bigint check (take_profit_ticks > 0),
  stop_loss_ticks bigint check (stop_loss_ticks > 0),
  status text not null check (status in ('open', 'closed')),
  close_reason text,
  opened_at timestamptz not null,
  closed_at timestamptz,
  updated_at timestamptz not null,
  check (status = 'closed' or qty_lots > 0)
);
-- one-way mode: at most one open position per user and contract
create unique index futures_positions_one_open on futures_positions (user_id, symbol) where status = 'open';
create index futures_positions_open_symbol on futures_positions (symbol) where status = 'open';
create index futures_positions_user on futures_positions (user_id, id);

create table futures_orders (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  symbol text not null,
  client_order_id text not null,
  request_hash text not null,
  side text not null check (side in ('buy', 'sell')),
  type text not null check (type in ('limit', 'market')),
  source text not null check (source in ('user', 'close', 'take_profit', 'stop_loss', 'liquidation')),
  price_ticks bigint check (price_ticks > 0),
  qty_lots bigint not null check (qty_lots > 0),
  remaining_lots bigint not null default 0 check (remaining_lots >= 0),
  filled_lots bigint not null default 0 check (filled_lots >= 0),
  turnover bigint not null default 0 check (turnover >= 0),
  fee bigint not null default 0 check (fee >= 0),
  reduce_only boolean not null,
  post_only boolean not null default false,
  leverage integer not null check (leverage >= 1),
  margin_mode text not null check (margin_mode in ('cross', 'isolated')),
  -- what the order still holds frozen in the futures wallet: initial margin and fee reserve
  im_remaining bigint not null check (im_remaining >= 0),
  fee_remaining bigint not null check (fee_remaining >= 0),
  status text not null check (status in ('new', 'partially_filled', 'filled', 'cancelled')),
  cancel_reason text,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (user_id, client_order_id)
);
-- the books are rebuilt from these rows on start-up, in id (= sequence) order
create index futures_orders_open on futures_orders (symbol, id) where status in ('new', 'partially_filled');
create index futures_orders_user on futures_orders (user_id, id);

-- a match in the book, or an auto-deleverage fill (kind 'adl', no orders, at the bankruptcy price)
create table futures_trades (
  id bigint generated always as identity primary key,
  symbol text not null,
  kind text not null check (kind in ('match', 'adl')),
  price_ticks bigint not null check (price_ticks > 0),
  qty_lots bigint not null check (qty_lots > 0),
  taker_side text not null check (taker_side in ('buy', 'sell')),
  taker_order_id bigint references futures_orders (id),
  maker_order_id bigint references futures_orders (id),
  taker_user_id bigint not null,
  maker_user_id bigint not null,
  taker_fee bigint not null check (taker_fee >= 0),
  maker_fee bigint not null check (maker_fee >= 0),
  created_at timestamptz not null
);
create index futures_trades_symbol_time on futures_trades (symbol, created_at);

-- every mark price the platform used (liquidation, TP/SL, funding), with the index it came from
create table futures_mark_prices (
  id bigint generated always as identity primary key,
  symbol text not null,
  ts timestamptz not null,
  index_price numeric(38, 18) not null,
  mark_ticks bigint not null check (mark_ticks > 0),
  unique (symbol, ts)
);

create table futures_funding_rounds (
  id bigint generated always as identity primary key,
  symbol text not null,
  funding_time timestamptz not null,
  -- parts of 10^8 per interval; > 0: longs pay shorts
  rate bigint not null,
  mark_ticks bigint not null check (mark_ticks > 0),
  -- what the payers paid = what the receivers got (funding sums to zero)
  total bigint not null check (total >= 0),
  positions integer not null,
  created_at timestamptz not null,
  unique (symbol, funding_time)
);

create table futures_funding_payments (
  id bigint generated always as identity primary key,
  round_id bigint not null references futures_funding_rounds (id),
  user_id bigint not null references users (id),
  position_id bigint not null references futures_positions (id),
  symbol text not null,
  side text not null check (side in ('long', 'short')),
  position_value bigint not null,
  -- > 0 received, < 0 paid
  amount bigint not null,
  created_at timestamptz not null
);
create index futures_funding_payments_user on futures_funding_payments (user_id, id);

create table futures_liquidations (
  id bigint generated always as identity primary key,
  position_id bigint not null references futures_positions (id),
  user_id bigint not null references users (id),
  symbol text not null,
  side text not null check (side in ('long', 'short')),
  qty_lots bigint not null check (qty_lots > 0),
  mark_ticks bigint not null,
  bankruptcy_ticks bigint not null,
  -- lots closed in the book and lots auto-deleveraged against opposite positions
  market_lots bigint not null,
  adl_lots bigint not null,
  -- > 0 paid into the insurance fund (liquidation fee / surplus), < 0 taken from it (shortfall)
  insurance_delta bigint not null,
  created_at timestamptz not null
);
create index futures_liquidations_symbol on futures_liquidations (symbol, id);

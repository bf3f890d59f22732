-- Take-profit / stop-loss given with a futures order (decision 0025): kept beside the order until it fills,
-- then written into the position it opened or added to. One row per order; `state` says what became of it.
create table futures_order_brackets (
  order_id bigint primary key references futures_orders (id),
  user_id bigint not null,
  symbol text not null,
  take_profit_ticks bigint check (take_profit_ticks > 0),
  tp_trigger text not null default 'mark' check (tp_trigger in ('mark', 'last')),
  stop_loss_ticks bigint check (stop_loss_ticks > 0),
  sl_trigger text not null default 'mark' check (sl_trigger in ('mark', 'last')),
  state text not null default 'pending' check (state in ('pending', 'applied', 'dropped')),
  position_id bigint,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  check (take_profit_ticks is not null or stop_loss_ticks is not null)
);
create index futures_order_brackets_pending on futures_order_brackets (symbol) where state = 'pending';

-- Fees and minimums an operator set on a spot market or futures contract, over the configured ones.
-- Append-only: every change is a row, so the history of a market's published terms stays readable;
-- the latest row per (product, symbol, field) is the value in force. Values are decimal strings
-- (a rate "0.001" = 0.1 %, an amount in the quote currency), never floats.
create table market_parameter_overrides (
  id bigint generated always as identity primary key,
  product text not null check (product in ('spot', 'futures')),
  symbol text not null,
  field text not null check (field in ('makerFee', 'takerFee', 'minNotional')),
  value text not null,
  reason text not null,
  operator_id bigint not null,
  created_at timestamptz not null
);
create index market_parameter_overrides_market on market_parameter_overrides (product, symbol, field, id);

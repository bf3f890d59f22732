-- The operator's trading status per spot market and futures contract. No row means trading; a row
-- says halted (no new orders, no cancels: the book stands still) or cancel_only (users may only take
-- their orders off). It never touches a price, a book's content or an outcome.
create table market_status (
  product text not null check (product in ('spot', 'futures')),
  symbol text not null,
  status text not null check (status in ('trading', 'halted', 'cancel_only')),
  reason text not null,
  updated_by bigint,
  updated_at timestamptz not null,
  primary key (product, symbol)
);

-- What a limit order does with the part that does not trade at once: rests (GTC), is cancelled (IOC), or the
-- whole order trades or nothing does (FOK). Post-only stays its own column. Kept so that an order reads back as
-- it was placed (the bot API's /fapi answers carry it).
alter table futures_orders add column time_in_force text not null default 'GTC'
  check (time_in_force in ('GTC', 'IOC', 'FOK'));

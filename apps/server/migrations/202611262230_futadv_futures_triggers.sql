-- Futures close triggers (decision 0025): each take-profit / stop-loss watches the mark or the contract's last
-- trade; a trailing stop keeps its callback rate, optional activation price and the best price since activation
-- (the watermark) in the row, so a restart resumes it where it was. A liquidation keeps the inputs it was
-- decided from, so its "how this was settled" view can recompute it.
alter table futures_positions add column tp_trigger text not null default 'mark' check (tp_trigger in ('mark', 'last'));
alter table futures_positions add column sl_trigger text not null default 'mark' check (sl_trigger in ('mark', 'last'));
alter table futures_positions add column trail_callback integer check (trail_callback between 10 and 1000);
alter table futures_positions add column trail_trigger text not null default 'mark'
  check (trail_trigger in ('mark', 'last'));
alter table futures_positions add column trail_activation_ticks bigint check (trail_activation_ticks > 0);
alter table futures_positions add column trail_watermark_ticks bigint check (trail_watermark_ticks > 0);

alter table futures_liquidations add column entry_value bigint;
alter table futures_liquidations add column margin bigint;
alter table futures_liquidations add column margin_mode text check (margin_mode in ('cross', 'isolated'));

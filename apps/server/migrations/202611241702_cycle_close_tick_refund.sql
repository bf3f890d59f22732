-- Rule cycle-rules-v2: a contract whose feed had no tick at or after its end is refunded with the reason
-- 'no_close_tick' (docs/decisions/0005-cycle-settlement.md).
alter table cycle_contracts drop constraint cycle_contracts_refund_reason_check;
alter table cycle_contracts
  add constraint cycle_contracts_refund_reason_check
  check (refund_reason in ('no_ticks', 'single_tick', 'tie', 'no_close_tick'));

-- Money rules tightened after an audit:
-- * bank withdrawals carry their BTC value, so the KYC 24-hour limit counts them with on-chain ones;
-- * a deposit says whether it came from the simulated chain (labelled demo everywhere) and which
--   second operator approved it when its value needed four eyes;
-- * the two-operator proposals (adjustments) also carry simulated deposits above the configured
--   value and the failure (full refund) of a sent withdrawal: `kind` says which, `payload` holds
--   what the approval needs to act.
alter table bank_withdrawals add column btc_value bigint not null default 0 check (btc_value >= 0);
create index bank_withdrawals_user_time_idx on bank_withdrawals (user_id, created_at);
create index withdrawals_user_time_idx on withdrawals (user_id, created_at);

alter table deposits add column simulated boolean not null default true;
alter table deposits add column approved_by bigint references operators (id);

alter table adjustments add column kind text not null default 'adjustment'
  check (kind in ('adjustment', 'simulated_deposit', 'withdrawal_fail'));
alter table adjustments add column payload jsonb;

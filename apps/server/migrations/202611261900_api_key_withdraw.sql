-- The withdraw permission of API keys (docs/decisions/0018). It is granted only to a key with an IP
-- allow-list whose owner has advanced KYC, and it becomes usable only at `withdraw_enabled_at`
-- (24 h after the key was made): a stolen session that makes a key cannot drain the account at once,
-- and the owner is told by the key list in the meantime. A key without the permission has no time.
alter table api_keys add column can_withdraw boolean not null default false;
alter table api_keys add column withdraw_enabled_at timestamptz;
alter table api_keys add constraint api_keys_withdraw_time check (can_withdraw = (withdraw_enabled_at is not null));

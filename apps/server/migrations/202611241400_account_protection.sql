-- Account protection (docs/decisions/0012): failure counters with their lock, the last TOTP
-- time-step accepted, the anti-phishing code, the withdrawal freeze after a security change,
-- and the devices a user has signed in from.
create table security_attempts (
  scope text not null,
  key text not null,
  failures integer not null default 0,
  window_started_at timestamptz not null,
  locked_until timestamptz,
  updated_at timestamptz not null,
  primary key (scope, key)
);
create index security_attempts_updated_idx on security_attempts (updated_at);

alter table users add column totp_last_step bigint;
alter table users add column anti_phishing_code text;
alter table users add column withdraw_frozen_until timestamptz;
alter table users add column withdraw_freeze_reason text;
alter table operators add column totp_last_step bigint;

create table account_devices (
  user_id bigint not null,
  device_hash text not null,
  user_agent text,
  first_seen_at timestamptz not null,
  last_seen_at timestamptz not null,
  primary key (user_id, device_hash)
);

-- the extra sign-in code after repeated failures, for users and for operators
alter table verification_codes drop constraint verification_codes_purpose_check;
alter table verification_codes add constraint verification_codes_purpose_check
  check (purpose in ('register', 'retrieve', 'bind', 'change_email', 'withdraw', 'login', 'operator_login'));

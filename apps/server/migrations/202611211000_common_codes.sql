-- Server-side secrets created on first use (HMAC keys for anti-abuse tokens and code hashes).
-- Kept in the database so every process of one installation shares them and a restart keeps them.
create table app_secrets (
  name text primary key,
  secret text not null,
  created_at timestamptz not null default now()
);

-- One-time codes sent by e-mail or SMS. Only an HMAC of the code is stored. A code is usable once,
-- until expires_at, and for at most 5 wrong tries (then it is void).
create table verification_codes (
  id bigint generated always as identity primary key,
  channel text not null check (channel in ('email', 'sms')),
  target text not null,
  purpose text not null check (purpose in ('register', 'retrieve', 'bind', 'change_email', 'withdraw')),
  code_hash text not null,
  attempts integer not null default 0 check (attempts between 0 and 5),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  consumed_at timestamptz,
  check (expires_at > created_at)
);
create index verification_codes_target_idx on verification_codes (channel, target, purpose, created_at desc);
create index verification_codes_sent_idx on verification_codes (channel, target, created_at desc);

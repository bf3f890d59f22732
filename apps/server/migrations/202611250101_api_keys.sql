-- API keys for bots (docs/decisions/0018): the secret is kept encrypted (AES-256-GCM under the
-- server's key) because verifying an HMAC signature needs the secret itself; only the key id is
-- in clear. Permissions: read is always on; trade is opt-in; withdraw does not exist yet.
create table api_keys (
  id bigint generated always as identity primary key,
  user_id bigint not null,
  api_key text not null unique,
  secret_ciphertext text not null,
  label text not null,
  can_trade boolean not null default false,
  ip_allow text[] not null default '{}',
  status text not null check (status in ('active', 'disabled')),
  created_at timestamptz not null,
  last_used_at timestamptz
);
create index api_keys_user_idx on api_keys (user_id);

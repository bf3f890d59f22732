-- Sessions of users and operators: only the SHA-256 of the opaque token is kept.
create table sessions (
  id bigint generated always as identity primary key,
  token_hash text not null unique,
  principal_kind text not null check (principal_kind in ('user', 'operator')),
  principal_id bigint not null,
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  user_agent text,
  ip text
);
create index sessions_principal_idx on sessions (principal_kind, principal_id);

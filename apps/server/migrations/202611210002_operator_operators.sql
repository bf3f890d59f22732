-- Operators (back office staff) are separate from users. TOTP is mandatory for every operator.
create table operators (
  id bigint generated always as identity primary key,
  email text not null unique check (email = lower(email)),
  name text not null,
  password_hash text not null,
  totp_secret text not null,
  roles text[] not null check (cardinality(roles) > 0 and roles <@ array['super_admin', 'finance', 'compliance', 'support', 'content']::text[]),
  active boolean not null default true,
  created_at timestamptz not null default now()
);

-- Append-only record of every operator action: updates and deletes are refused by the database.
create table audit_log (
  id bigint generated always as identity primary key,
  operator_id bigint references operators (id),
  action text not null,
  target_type text,
  target_id text,
  detail jsonb not null default '{}'::jsonb,
  ip text,
  created_at timestamptz not null default now()
);
create index audit_log_target_idx on audit_log (target_type, target_id);

create function audit_log_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log is append-only';
end;
$$;
create trigger audit_log_no_update before update or delete on audit_log
  for each row execute function audit_log_append_only();

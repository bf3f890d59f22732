-- Files users upload (identity photos, ticket attachments). The bytes live under DATA_DIR/uploads
-- with the random file_name; only the owner (and modules that decide so, e.g. KYC review) may read them.
create table uploads (
  id bigint generated always as identity primary key,
  file_name text not null unique,
  owner_user_id bigint not null references users (id),
  mime text not null check (mime in ('image/jpeg', 'image/png', 'image/webp')),
  size integer not null check (size > 0),
  created_at timestamptz not null
);
create index uploads_owner_idx on uploads (owner_user_id);

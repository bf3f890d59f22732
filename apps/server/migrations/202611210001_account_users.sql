-- Users of the exchange. An account is reached by e-mail or by phone (country prefix + number).
create table users (
  id bigint generated always as identity primary key,
  email text unique check (email is null or email = lower(email)),
  phone_country text,
  phone text,
  password_hash text not null,
  fund_password_hash text,
  totp_secret text,
  totp_enabled boolean not null default false,
  invite_code text not null unique,
  inviter_id bigint references users (id),
  credit_score integer not null default 100 check (credit_score between 0 and 1000),
  status text not null default 'active' check (status in ('active', 'frozen')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (email is not null or phone is not null),
  check ((phone is null) = (phone_country is null))
);
create unique index users_phone_uniq on users (phone_country, phone) where phone is not null;
create index users_inviter_idx on users (inviter_id);

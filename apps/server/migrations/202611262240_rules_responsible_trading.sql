-- Responsible trading: the appropriateness quiz a user passes before the first futures or cycle order, and
-- the cooling-off / self-exclusion a user sets on themself (only ever extended, never shortened).
create table responsible_profiles (
  user_id bigint primary key references users (id),
  quiz_passed_at timestamptz,
  -- new futures positions and cycle contracts are refused until then; null: never set
  excluded_until timestamptz,
  updated_at timestamptz not null
);
create index responsible_profiles_excluded_idx on responsible_profiles (excluded_until) where excluded_until is not null;

-- Every cooling-off a user set, for the console (append-only by use: rows are only inserted).
create table responsible_exclusions (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  period text not null check (period in ('24h', '7d', '30d', '3m', '6m')),
  until timestamptz not null,
  created_at timestamptz not null
);
create index responsible_exclusions_user_idx on responsible_exclusions (user_id, id);

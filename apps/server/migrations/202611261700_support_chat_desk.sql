-- The live chat desk: canned replies per locale that agents insert into a reply, and which agent a
-- conversation is handed to (one row per user's conversation; no row: any agent may answer).
create table support_canned_replies (
  id bigint generated always as identity primary key,
  locale text not null,
  title text not null,
  body text not null,
  updated_by bigint,
  updated_at timestamptz not null
);
create index support_canned_replies_locale_idx on support_canned_replies (locale);

create table support_chat_assignments (
  user_id bigint primary key,
  operator_id bigint not null,
  assigned_by bigint,
  assigned_at timestamptz not null
);

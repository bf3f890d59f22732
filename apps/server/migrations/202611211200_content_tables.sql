-- Content shown to users: notices, documents (by code) and help-centre articles, each with one text per
-- locale (a missing locale falls back to en_us when read). Bodies are sanitized HTML, written only by the server.
create table content_categories (
  id bigint generated always as identity primary key,
  type text not null check (type in ('faq')),
  code text not null check (code ~ '^[a-z0-9_]{1,64}$'),
  sort integer not null default 0,
  created_at timestamptz not null default now(),
  unique (type, code)
);

create table content_category_names (
  category_id bigint not null references content_categories (id) on delete cascade,
  locale text not null check (locale in ('en_us', 'zh_hk', 'zh_cn', 'de', 'fr', 'jp', 'kr', 'tr')),
  name text not null check (length(name) between 1 and 200),
  primary key (category_id, locale)
);

create table content_items (
  id bigint generated always as identity primary key,
  type text not null check (type in ('notice', 'document', 'faq')),
  -- documents are found by code (user_agreement, …); seeded notices and articles carry one too
  code text check (code is null or code ~ '^[a-z0-9_]{1,64}$'),
  category_id bigint references content_categories (id),
  pinned boolean not null default false,
  published boolean not null default true,
  sort integer not null default 0,
  published_at timestamptz not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (type, code),
  check (type <> 'document' or code is not null)
);
create index content_items_list_idx on content_items (type, published, pinned desc, published_at desc);

create table content_texts (
  item_id bigint not null references content_items (id) on delete cascade,
  locale text not null check (locale in ('en_us', 'zh_hk', 'zh_cn', 'de', 'fr', 'jp', 'kr', 'tr')),
  title text not null check (length(title) between 1 and 300),
  summary text not null default '',
  body text not null,
  -- the body without markup, for search
  plain text not null,
  primary key (item_id, locale)
);

-- A signed-in user opened a notice.
create table content_reads (
  user_id bigint not null references users (id),
  item_id bigint not null references content_items (id) on delete cascade,
  read_at timestamptz not null,
  primary key (user_id, item_id)
);

create table banners (
  id bigint generated always as identity primary key,
  position text not null default 'home' check (position ~ '^[a-z0-9_]{1,32}$'),
  sort integer not null default 0,
  enabled boolean not null default true,
  starts_at timestamptz not null,
  ends_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  check (ends_at is null or ends_at > starts_at)
);
create index banners_position_idx on banners (position, enabled, sort);

create table banner_texts (
  banner_id bigint not null references banners (id) on delete cascade,
  locale text not null check (locale in ('en_us', 'zh_hk', 'zh_cn', 'de', 'fr', 'jp', 'kr', 'tr')),
  title text not null default '',
  image_url text not null check (length(image_url) between 1 and 1000),
  link_url text,
  primary key (banner_id, locale)
);

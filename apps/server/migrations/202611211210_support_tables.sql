-- Support tickets: a title and a thread of messages. "waiting" = waiting for the support team,
-- "replied" = the team answered last. A ticket opened from the live chat (no agent online) has source 'chat'.
create table support_tickets (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  title text not null check (length(title) between 1 and 200),
  state text not null default 'waiting' check (state in ('waiting', 'replied')),
  source text not null default 'form' check (source in ('form', 'chat')),
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index support_tickets_user_idx on support_tickets (user_id, updated_at desc);
create index support_tickets_state_idx on support_tickets (state, updated_at);

create table support_ticket_messages (
  id bigint generated always as identity primary key,
  ticket_id bigint not null references support_tickets (id),
  author_kind text not null check (author_kind in ('user', 'operator')),
  author_id bigint not null,
  content text not null check (length(content) between 1 and 5000),
  images text[] not null default '{}' check (cardinality(images) <= 6),
  created_at timestamptz not null
);
create index support_ticket_messages_ticket_idx on support_ticket_messages (ticket_id, id);

-- Live chat: one conversation per user with the support team.
create table support_chat_messages (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  sender text not null check (sender in ('user', 'agent', 'system')),
  operator_id bigint references operators (id),
  content text not null check (length(content) <= 2000),
  images text[] not null default '{}' check (cardinality(images) <= 6),
  created_at timestamptz not null,
  -- read by the other side: the user reads agent/system messages, an agent reads user messages
  read_at timestamptz,
  check (length(content) > 0 or cardinality(images) > 0),
  check ((sender = 'agent') = (operator_id is not null))
);
create index support_chat_messages_user_idx on support_chat_messages (user_id, id);
create index support_chat_unread_idx on support_chat_messages (user_id, sender) where read_at is null;

-- The customer-service configuration: the built-in chat, or an external chat widget.
create table support_config (
  id integer primary key default 1 check (id = 1),
  mode text not null check (mode in ('builtin', 'external')),
  external_url text check (external_url is null or external_url ~ '^https://'),
  updated_at timestamptz not null,
  updated_by bigint references operators (id),
  check (mode <> 'external' or external_url is not null)
);

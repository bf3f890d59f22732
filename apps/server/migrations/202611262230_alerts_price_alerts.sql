-- Price alerts (docs/decisions/0027-alerts-and-share-cards.md): a user's alerts on an index instrument, each fired
-- once; the in-app notices a user receives; the Web Push subscriptions of the user's browsers.
create table price_alerts (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  symbol text not null,
  kind text not null check (kind in ('above', 'below', 'move')),
  -- 'above' / 'below': the price to cross (index price units, exact decimal)
  target_price numeric(38, 18) check (target_price is null or target_price > 0),
  -- 'move': the move in percent (up or down) and the window it must happen within
  move_percent numeric(7, 2) check (move_percent is null or (move_percent > 0 and move_percent <= 100)),
  window_seconds integer check (window_seconds is null or window_seconds > 0),
  -- the language the notices, e-mail and push are written in (the one the alert was created in)
  locale text not null,
  notify_email boolean not null,
  notify_push boolean not null,
  status text not null check (status in ('active', 'fired')),
  created_at timestamptz not null,
  -- every stored tick at or before this time has been looked at: a restart resumes after it, never before
  checked_until timestamptz not null,
  fired_at timestamptz,
  fired_price numeric(38, 18),
  -- which way a move alert's price went ('up' / 'down'); null for the other kinds
  fired_direction text check (fired_direction in ('up', 'down')),
  -- delivery of a fired alert outside the app: 'off' (not asked), 'pending' (to send; retried after a restart),
  -- 'sent', 'failed'
  email_state text not null check (email_state in ('off', 'pending', 'sent', 'failed')),
  push_state text not null check (push_state in ('off', 'pending', 'sent', 'failed')),
  check ((kind = 'move') = (move_percent is not null and window_seconds is not null)),
  check ((kind = 'move') = (target_price is null)),
  check ((status = 'fired') = (fired_at is not null and fired_price is not null))
);
create index price_alerts_user on price_alerts (user_id, id);
create index price_alerts_active on price_alerts (symbol) where status = 'active';
create index price_alerts_undelivered on price_alerts (id) where email_state = 'pending' or push_state = 'pending';

-- A notice addressed to one user (the notice centre also lists the broadcast notices of the content module).
create table user_notifications (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  kind text not null,
  title text not null,
  body text not null,
  -- what it is about (e.g. the alert's id), so the app can link to it
  ref_id bigint,
  created_at timestamptz not null,
  read_at timestamptz
);
create index user_notifications_user on user_notifications (user_id, id);

-- A browser's Web Push subscription (PushSubscription.toJSON()); one endpoint belongs to one user.
create table push_subscriptions (
  endpoint text primary key,
  user_id bigint not null references users (id),
  p256dh text not null,
  auth text not null,
  created_at timestamptz not null
);
create index push_subscriptions_user on push_subscriptions (user_id);

-- Fee-discount coupons (spec §9): a coupon of value v (1.0–9.9, stored in tenths) makes its owner pay
-- v × 10 % of a trading fee. Granted by an operator (audited) or by an invite reward; applies to every
-- fill of the markets it names until it expires. The fee entries it discounted name it in their memo.
create table coupons (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  value_tenths smallint not null check (value_tenths between 10 and 99),
  -- 'spot', 'futures' or both; an empty symbol list means every market of those products
  products text[] not null check (cardinality(products) between 1 and 2 and products <@ array['spot', 'futures']),
  symbols text[] not null default '{}',
  expires_at timestamptz not null,
  source text not null check (source in ('operator', 'invite')),
  operator_id bigint,
  reason text not null,
  -- an invite reward is granted once per (inviter, invitee, event): a second run finds this key taken
  reward_key text unique,
  created_at timestamptz not null
);
create index coupons_user_idx on coupons (user_id, id);
create index coupons_live_idx on coupons (expires_at);

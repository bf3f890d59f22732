-- Identity verification. Every submission is a new row, so a rejected application stays on record
-- beside its resubmission. The database itself keeps at most one live (pending or approved)
-- application per user and level, and one live basic application per identity document.
create table kyc_applications (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  level text not null check (level in ('basic', 'advanced')),
  state text not null default 'pending' check (state in ('pending', 'approved', 'rejected')),
  real_name text,
  id_number text check (id_number is null or id_number ~ '^[A-Z0-9]+$'),
  country text check (country is null or country ~ '^[A-Z]{2}$'),
  document_type text check (document_type is null or document_type in ('id_card', 'passport', 'driving_licence')),
  front_photo text,
  back_photo text,
  hand_photo text,
  reject_reason text,
  reviewed_by bigint references operators (id),
  reviewed_at timestamptz,
  created_at timestamptz not null,
  check (
    (level = 'basic' and real_name is not null and id_number is not null and country is not null and document_type is not null
      and front_photo is null and back_photo is null and hand_photo is null)
    or (level = 'advanced' and front_photo is not null and back_photo is not null and hand_photo is not null
      and real_name is null and id_number is null)
  ),
  check ((state = 'rejected') = (reject_reason is not null)),
  check ((state = 'pending') = (reviewed_at is null))
);
create unique index kyc_applications_live_uniq on kyc_applications (user_id, level) where state in ('pending', 'approved');
create unique index kyc_applications_document_uniq on kyc_applications (country, document_type, id_number)
  where level = 'basic' and state in ('pending', 'approved');
create index kyc_applications_queue_idx on kyc_applications (state, created_at);

-- Identity photos: cleaned copies (re-encoded, metadata stripped) of the user's uploads, stored
-- under random names. Only the owner and compliance operators may read them.
create table kyc_photos (
  name text primary key,
  user_id bigint not null references users (id),
  source_file_id text not null,
  content_type text not null,
  bytes integer not null check (bytes > 0),
  created_at timestamptz not null
);
create index kyc_photos_source_idx on kyc_photos (source_file_id);

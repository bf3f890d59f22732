-- Every index price tick, append-only: cycle contracts settle on these and anyone can re-check them.
create table index_ticks (
  id bigint generated always as identity primary key,
  instrument text not null,
  ts timestamptz not null,
  price numeric(38, 18) not null check (price > 0),
  sources jsonb not null,
  demo boolean not null,
  unique (instrument, ts)
);

create function index_ticks_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'index_ticks is append-only';
end;
$$;
create trigger index_ticks_no_update before update or delete on index_ticks
  for each row execute function index_ticks_append_only();

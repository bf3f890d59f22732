-- The secret seed of the simulated price feed for deployments on a PostgreSQL server (DATABASE_URL); the embedded
-- database keeps it in a file of the data directory instead. One row, written once.
create table market_demo_seed (
  id smallint primary key check (id = 1),
  seed text not null check (length(seed) >= 32),
  created_at timestamptz not null
);

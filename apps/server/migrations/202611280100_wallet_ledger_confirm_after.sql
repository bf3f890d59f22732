-- The spot group commit's pipeline confirms a speculative batch inside the database, first in the statements
-- sent with its COMMIT (platform/db/tail-commit.ts), instead of a round trip through the server before its write:
--   1. wait for the batch before to end: its transaction took the advisory lock (lock_key, prev_seq) in its first
--      statement and holds it until it commits or rolls back;
--   2. require that it committed (its transaction id's status), since this batch was decided on top of it;
--   3. lock the batch's accounts (lock_ids) in id order, as every batch locks, and require each account it took
--      from (ids) to have the balance assumed: another transaction may have changed it after the batch before
--      committed. An account the batch only credits is updated by its net change whatever its balance: a change
--      made to it meanwhile (a futures fee into the fees account) decided nothing here and is no reason to roll back.
-- A failed check raises SQLSTATE TM001: the transaction rolls back and its commands run again, locked the
-- ordinary way. Each statement of a volatile function takes a new snapshot (read committed), so the lock and the
-- comparison see what the batch before committed.
create function ledger_confirm_after(lock_key int, prev_seq int, prev_xid xid8, lock_ids bigint[], ids bigint[],
                                     available bigint[], frozen bigint[]) returns void language plpgsql
  -- a few rows by key, as the journal's checks (migration 202611270800)
  set enable_seqscan = off set enable_hashjoin = off set enable_mergejoin = off as $$
begin
  perform pg_advisory_xact_lock(lock_key, prev_seq);
  if pg_xact_status(prev_xid) is distinct from 'committed' then
    raise exception 'the batch before did not commit' using errcode = 'TM001';
  end if;
  perform 1 from ledger_accounts where id = any(lock_ids) order by id for update;
  if exists (select 1 from unnest(ids, available, frozen) as e(id, available, frozen)
             left join ledger_accounts a on a.id = e.id
             where a.id is null or a.available <> e.available or a.frozen <> e.frozen) then
    raise exception 'a balance changed under a speculative batch' using errcode = 'TM001';
  end if;
end;
$$;

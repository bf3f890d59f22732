-- The journal's statement-level check reads only the rows the statement inserted. It summed every touched
-- transaction's postings through ledger_postings_tx_idx (an index probe and heap reads per transaction): measured
-- with auto_explain on a busy spot group, the check took about a quarter of the group's write.
--
-- Summing the statement's own postings per transaction and currency is as strict: every statement that inserts
-- postings is checked this way, and postings are never updated or deleted (ledger_postings_no_update), so a
-- transaction's postings are a union of per-statement parts that each sum to zero per currency — so do they all.
-- A later statement still cannot unbalance an earlier transaction: its own part must sum to zero.
-- The reference checks probe each distinct account and each distinct transaction once, not once per posting,
-- by index (the settings of migration 202611270800, which a replaced function must be given again).
create or replace function ledger_postings_check() returns trigger language plpgsql
  set enable_seqscan = off set enable_hashjoin = off set enable_mergejoin = off as $$
declare
  bad text;
begin
  select n.transaction_id::text || ' in ' || n.currency into bad from new_postings n
    group by n.transaction_id, n.currency having sum(n.available_delta + n.frozen_delta) <> 0 limit 1;
  if bad is not null then
    raise exception 'ledger transaction % does not balance', bad;
  end if;
  select n.account_id::text into bad from (select distinct account_id, currency from new_postings) n
    left join ledger_accounts a on a.id = n.account_id
    where a.id is null or a.currency <> n.currency limit 1;
  if bad is not null then
    raise exception 'a posting to account % has no account of its currency', bad;
  end if;
  select n.transaction_id::text into bad from (select distinct transaction_id from new_postings) n
    where not exists (select 1 from ledger_transactions t where t.id = n.transaction_id) limit 1;
  if bad is not null then
    raise exception 'a posting names journal transaction %, which does not exist', bad;
  end if;
  return null;
end;
$$;

-- The journal's balance check, once per statement instead of once per posting. The deferred row trigger ran
-- two queries for every posting at COMMIT; the batched ledger writes hundreds of postings per statement, so it
-- was most of the database's work per order. Now one set-based check runs at the end of each INSERT into
-- ledger_postings, over the rows it inserted (a transition table):
--   * every new posting's currency is its account's currency;
--   * every journal transaction the statement touched sums to zero per currency, counting all its postings
--     (those already there too, so a later statement cannot unbalance an earlier transaction).
-- The ledger writes a transaction and all its postings in one statement, so checking at the end of the
-- statement is at least as strict as checking at commit: a transaction is never seen unbalanced, not even
-- inside its own database transaction.
drop trigger ledger_postings_balanced on ledger_postings;
drop function ledger_posting_check();

create function ledger_postings_check() returns trigger language plpgsql as $$
declare
  bad text;
begin
  select n.id::text into bad from new_postings n join ledger_accounts a on a.id = n.account_id
    where a.currency <> n.currency limit 1;
  if bad is not null then
    raise exception 'posting % currency does not match its account', bad;
  end if;
  select p.transaction_id::text || ' in ' || p.currency into bad from ledger_postings p
    where p.transaction_id in (select distinct transaction_id from new_postings)
    group by p.transaction_id, p.currency having sum(p.available_delta + p.frozen_delta) <> 0 limit 1;
  if bad is not null then
    raise exception 'ledger transaction % does not balance', bad;
  end if;
  return null;
end;
$$;
create trigger ledger_postings_balanced after insert on ledger_postings
  referencing new table as new_postings for each statement execute function ledger_postings_check();

-- The invite-reward job's cursor over the ledger's fee postings: every fee posting with an id up to
-- `below` has been examined, so a run reads only the postings above it (a run used to walk every fee
-- posting ever made to find the few it had not examined yet). One row.
create table referral_fee_cursor (
  id smallint primary key default 1 check (id = 1),
  below bigint not null check (below >= 0)
);
insert into referral_fee_cursor (below) values (0);

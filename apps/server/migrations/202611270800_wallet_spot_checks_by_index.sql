-- The journal's and the trades' statement-level checks look up a few new rows' references in large tables by
-- key. Measured with auto_explain on a busy server: with up-to-date statistics the planner still hashed the whole
-- ledger_transactions table for each statement (an anti join over 36,000 rows, 11 ms, for 30 postings), and with
-- statistics taken while the tables were small it hashed every spot order for each statement of trades. Its cost
-- model puts a hash of a table a few hundred pages long at the price of a hundred index probes, while those pages
-- and the index are in memory. A check over the rows one statement inserted is always that shape, so the two
-- functions plan with nested loops over the indexes only; the rules they check are unchanged.
alter function ledger_postings_check() set enable_seqscan = off;
alter function ledger_postings_check() set enable_hashjoin = off;
alter function ledger_postings_check() set enable_mergejoin = off;
alter function spot_trades_check() set enable_seqscan = off;
alter function spot_trades_check() set enable_hashjoin = off;
alter function spot_trades_check() set enable_mergejoin = off;

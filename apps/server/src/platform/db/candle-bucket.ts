import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { CANDLE_INTERVALS, WEEK_ALIGN_MS, type CandleInterval } from '@tidemark/contract/spot';

/**
 * The open time (epoch ms, bigint) of the candle of `interval` that holds a timestamp column's value: the SQL twin
 * of `candleOpenTime` in the contract (weeks from Monday). The constants are inlined (never user input), so select,
 * group by and order by can use the very same expression.
 */
export function candleBucketSql(column: AnyColumn, interval: CandleInterval): SQL<string> {
  const ms = sql.raw(String(CANDLE_INTERVALS[interval]));
  const align = sql.raw(String(interval === '1W' ? WEEK_ALIGN_MS : 0));
  return sql<string>`(floor((extract(epoch from ${column}) * 1000 - ${align}) / ${ms}) * ${ms} + ${align})::bigint`;
}

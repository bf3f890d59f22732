import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import type { LedgerService } from '../wallet/ledger.service.ts';
import type { ContractBook } from './contract-book.ts';
import type { MarkOf } from './risk.ts';

/**
 * What the service's parts (settings, position views, margin, TP/SL, funding views) share: the store, the
 * ledger, the clock and the contract books. The service owns it; each part reads only this, never the service.
 */
export interface FuturesScope {
  db: Db;
  ledger: LedgerService;
  clock: Clock;
  books: ReadonlyMap<string, ContractBook>;
  /** The book of a listed contract; an unknown symbol is a 400. */
  book(symbol: string): ContractBook;
  markOf: MarkOf;
  /** The leverage of a contract the user never set (capped by the contract's maximum). */
  defaultLeverage: number;
}

/** One book, or every book when no symbol is named. */
export function booksOf(scope: FuturesScope, symbol: string | undefined): ContractBook[] {
  return symbol ? [scope.book(symbol)] : [...scope.books.values()];
}

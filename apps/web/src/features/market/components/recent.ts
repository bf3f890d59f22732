import { readStored, StorageKey, writeStored } from '../../../lib/storage.ts';
import { pushRecent } from '../model/favourites.ts';

/** The recently viewed markets of /coinSearch (symbols, newest first), kept on this device. */
export function readRecent(): string[] {
  try {
    const v: unknown = JSON.parse(readStored(StorageKey.RECENT_COINS) ?? '[]');
    return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberViewed(symbol: string): void {
  writeStored(StorageKey.RECENT_COINS, JSON.stringify(pushRecent(readRecent(), symbol)));
}

export function clearRecent(): void {
  writeStored(StorageKey.RECENT_COINS, '[]');
}

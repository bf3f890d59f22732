/**
 * Local storage, with exactly the keys of the product spec §3 so a user's stored session, language
 * and favourites keep their meaning. Every access tolerates a missing or blocked storage (private
 * mode, tests in Node): reads return null and writes are dropped.
 */
export const StorageKey = {
  TOKEN: 'TOKEN',
  LANG: 'LANG',
  NAV_TITLE: 'NAV_TITLE',
  COLLECTED_LIST: 'COLLECTED_LIST',
  RECENT_COINS: 'RECENT_COINS', // /coinSearch's recently viewed (market feature)
  TRADE_CHART: 'TRADE_CHART', // whether /trade shows its price chart ('open' / 'closed')
  APPEARANCE: 'APPEARANCE', // theme and colour convention (lib/appearance; read before render by appearance-boot.js)
} as const;
export type StorageKey = (typeof StorageKey)[keyof typeof StorageKey];

function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readStored(key: StorageKey): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStored(key: StorageKey, value: string): void {
  try {
    store()?.setItem(key, value);
  } catch {
    // quota or privacy mode: the value lives only for this page
  }
}

export function removeStored(key: StorageKey): void {
  try {
    store()?.removeItem(key);
  } catch {
    // nothing stored, nothing to remove
  }
}

export const getToken = (): string | null => readStored(StorageKey.TOKEN) || null;
export const setToken = (token: string): void => writeStored(StorageKey.TOKEN, token);
export const removeToken = (): void => removeStored(StorageKey.TOKEN);

/** A favourite coin as the spec keeps it: a coin list item matched by id. */
export interface CollectedCoin {
  id: string | number;
  coinType: number;
  name: string;
}

export function readCollectedList(): CollectedCoin[] {
  const raw = readStored(StorageKey.COLLECTED_LIST);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? (parsed as CollectedCoin[]) : [];
  } catch {
    return [];
  }
}

export function writeCollectedList(list: CollectedCoin[]): void {
  writeStored(StorageKey.COLLECTED_LIST, JSON.stringify(list));
}

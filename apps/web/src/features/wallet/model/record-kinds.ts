/**
 * The translation key of a ledger record's kind (server: ledger transaction kinds such as
 * `withdraw.apply`). An unknown kind falls back to its type ("withdraw"), then to "other", so a new
 * server kind still shows a sensible word.
 */
const KNOWN_KINDS = new Set([
  'deposit',
  'deposit.demo',
  'transfer',
  'convert',
  'adjustment',
  'withdraw.apply',
  'withdraw.cancel',
  'withdraw.reject',
  'withdraw.send',
  'withdraw.fail',
  'bank.apply',
  'bank.reject',
  'bank.paid',
]);
const KNOWN_TYPES = new Set(['deposit', 'withdraw', 'bank', 'transfer', 'convert', 'adjustment']);

export function kindKey(kind: string): string {
  if (KNOWN_KINDS.has(kind)) return `wallet:kind.${kind.replace('.', '_')}`;
  const type = kind.split('.')[0] ?? '';
  if (KNOWN_TYPES.has(type)) return `wallet:type.${type}`;
  return 'wallet:kind.other';
}

/** The balance change a posting made: available and frozen, each signed (frozen moves show as holds). */
export function signed(value: string): string {
  return value.startsWith('-') || value === '0' ? value : `+${value}`;
}

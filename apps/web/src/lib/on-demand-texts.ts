/**
 * Namespaces whose texts are not fetched at start-up but with the screens that use them (a route lists them
 * in `texts`): every start-up text counts toward each screen's first load (size-budget.json). Read by
 * vite.config.ts (each such namespace is a chunk of its own per language), by i18n.ts and by `npm run size`.
 * A namespace belongs here only when no start-up screen draws its texts.
 */
export const ON_DEMAND_NAMESPACES: readonly string[] = [
  'alerts',
  'coupon',
  'cycle',
  'earn',
  'futures',
  'kyc',
  'reserves',
  'responsible',
  'share',
  'support',
  'trade',
];

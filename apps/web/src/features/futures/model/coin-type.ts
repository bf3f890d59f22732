import { COIN_TYPES } from '@tidemark/contract/coins';

/** The coin type of a contract's base asset (its icon and the coin pages); an unknown asset shows the generic coin. */
export const coinTypeOf = (base: string): number => COIN_TYPES[base as keyof typeof COIN_TYPES] ?? 2001;

import type { AppContext } from '../platform/context.ts';
import { seedOperatorHint } from './operator/operator.seed.ts';
import { seedContent } from './content/content.seed.ts';
import { seedConvertDesk } from './wallet/wallet.seed.ts';
import { seedEarn } from './earn/earn.seed.ts';
import { seedCyclePool } from './cycle/cycle.seed.ts';
import { seedMarketMaker } from './spot/market-maker.seed.ts';
import { seedFuturesMarketMaker } from './futures/market-maker.ts';

/** Idempotent seed steps, in order. Add a module's step with one line here. */
export const seeds: Array<(ctx: AppContext) => Promise<void>> = [
  seedOperatorHint,
  seedContent,
  seedConvertDesk,
  seedCyclePool,
  seedEarn,
  seedMarketMaker,
  seedFuturesMarketMaker,
];

import type { FeatureRoute } from '../../lib/route-def.ts';

/** The futures screens; the futures side of /trade is a panel of the trade page (TradeModeSwitch). */
export const futuresRoutes: FeatureRoute[] = [
  {
    path: '/contractRecord/:coinType',
    guard: 'auth',
    load: () => import('./pages/ContractRecordPage.tsx'),
    texts: ['futures', 'share'],
  },
  { path: '/stopPl', guard: 'auth', load: () => import('./pages/StopPlPage.tsx'), texts: ['futures'] },
  {
    path: '/liquidationSettlement/:positionId',
    index: 18,
    titleKey: 'futures:settlement.title',
    load: () => import('./pages/LiquidationSettlementPage.tsx'),
    texts: ['futures', 'cycle'],
  },
];

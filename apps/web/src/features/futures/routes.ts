import type { RouteDef } from '../../lib/route-def.ts';

/** The futures screens; the futures side of /trade is a panel of the trade page (TradeModeSwitch). */
export const futuresRoutes: RouteDef[] = [
  {
    path: '/contractRecord/:coinType',
    index: 13,
    titleKey: 'common:nav.contractRecord',
    guard: 'auth',
    load: () => import('./pages/ContractRecordPage.tsx'),
    texts: ['futures', 'share'],
  },
  {
    path: '/stopPl',
    index: 15,
    titleKey: 'common:nav.stopPl',
    guard: 'auth',
    load: () => import('./pages/StopPlPage.tsx'),
    texts: ['futures'],
  },
  {
    path: '/liquidationSettlement/:positionId',
    index: 18,
    titleKey: 'futures:settlement.title',
    load: () => import('./pages/LiquidationSettlementPage.tsx'),
    texts: ['futures', 'cycle'],
  },
];

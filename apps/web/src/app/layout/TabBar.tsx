import AntTabBar from 'antd-mobile/es/components/tab-bar';
import { AppOutline, HistogramOutline, ClockCircleOutline, PayCircleOutline, BillOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../lib/use-translation.ts';
import { useLocation, useNavigate } from 'react-router-dom';
import { TAB_PATHS } from '../route-table.ts';

const ICONS: Record<(typeof TAB_PATHS)[number], React.ReactNode> = {
  '/home': <AppOutline />,
  '/market': <HistogramOutline />,
  '/trade': <PayCircleOutline />,
  '/cycle': <ClockCircleOutline />,
  '/property': <BillOutline />,
};
const TITLE_KEYS: Record<(typeof TAB_PATHS)[number], string> = {
  '/home': 'tab.home',
  '/market': 'tab.market',
  '/trade': 'tab.trade',
  '/cycle': 'tab.cycle',
  '/property': 'tab.property',
};

/** The bottom tab bar, in the order of spec §2. /property/coinRecord lights the Assets tab. */
export function TabBar() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = TAB_PATHS.find((p) => pathname === p || pathname.startsWith(p + '/')) ?? '/home';
  return (
    <nav className="tab-bar" data-testid="tab-bar">
      <AntTabBar activeKey={active} onChange={(key) => void navigate(key)} safeArea>
        {TAB_PATHS.map((p) => (
          <AntTabBar.Item
            key={p}
            icon={ICONS[p]}
            title={<span data-testid={`tab-${p.slice(1)}`}>{t(TITLE_KEYS[p])}</span>}
          />
        ))}
      </AntTabBar>
    </nav>
  );
}

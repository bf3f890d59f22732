import {
  BankcardOutline,
  CollectMoneyOutline,
  GiftOutline,
  HistogramOutline,
  LockOutline,
  LoopOutline,
  MessageOutline,
  SetOutline,
  SoundOutline,
  UserCircleOutline,
} from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { Later } from '../../../components/Later.tsx';
import { PageSection } from '../../../components/PageSection.tsx';
import { BannerCarousel } from '../../content/components/BannerCarousel.tsx'; // content feature: home banners
import { NoticeStrip } from '../../content/components/NoticeStrip.tsx'; // content feature: latest notices
import { Rankings } from '../components/Rankings.tsx';

const SHORTCUTS = [
  { to: '/recharge', key: 'nav.recharge', icon: <CollectMoneyOutline /> },
  { to: '/withdraw', key: 'nav.withdraw', icon: <BankcardOutline /> },
  { to: '/convert', key: 'nav.convert', icon: <LoopOutline /> },
  { to: '/lockMining', key: 'nav.lockMining', icon: <LockOutline /> },
  { to: '/mine/invite', key: 'nav.invite', icon: <GiftOutline /> },
  { to: '/announcement', key: 'nav.announcement', icon: <SoundOutline /> },
  { to: '/customerService', key: 'nav.customerService', icon: <MessageOutline /> },
  { to: '/market', key: 'tab.market', icon: <HistogramOutline /> },
];

export default function HomePage() {
  const { t } = useTranslation('common');
  return (
    <div className="home">
      <header className="home__header">
        <div className="brand">
          <span className="brand__mark" aria-hidden="true" />
          {t('app.name')}
        </div>
        <div className="home__actions">
          <Link to="/setting" className="icon-button" aria-label={t('action.settings')} data-testid="home-settings">
            <SetOutline />
          </Link>
          <Link to="/mine" className="icon-button" aria-label={t('action.account')} data-testid="home-user">
            <UserCircleOutline />
          </Link>
        </div>
      </header>

      <div className="page-body">
        <BannerCarousel /> {/* content feature: operator banners, hidden when there are none */}
        <NoticeStrip /> {/* content feature: latest notices → /announcementDetail/:id */}
        <section className="hero">
          <h1 className="hero__title">{t('home.headline')}</h1>
          <p className="hero__text">{t('home.subline')}</p>
        </section>
        {/* below the headline: drawn in a task after the first one */}
        <Later>
          <PageSection title={t('home.shortcuts')}>
            <div className="shortcut-grid">
              {SHORTCUTS.map((s) => (
                <Link key={s.to} to={s.to} className="shortcut">
                  <span className="shortcut__icon">{s.icon}</span>
                  <span className="shortcut__label">{t(s.key)}</span>
                </Link>
              ))}
            </div>
          </PageSection>
          <PageSection title={t('home.rankings')}>
            <Rankings />
          </PageSection>
        </Later>
      </div>
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import Swiper from 'antd-mobile/es/components/swiper';
import { RightOutline, SoundOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSignedIn } from '../../../lib/session.ts';
import { latestNoticesQuery } from '../api/content.ts';
import './content.css';

/**
 * The home page's notice strip: the newest notices scroll by vertically; tapping one opens it,
 * "more" opens the list. Nothing is shown while loading, on failure, or when there is no notice.
 */
export function NoticeStrip() {
  const { t, i18n } = useTranslation('content');
  const signedIn = useSignedIn();
  const { data } = useQuery(latestNoticesQuery(i18n.language, signedIn));
  const notices = data?.list ?? [];
  if (notices.length === 0) return null;
  return (
    <div className="ct-strip" data-testid="notice-strip">
      <SoundOutline className="ct-strip__icon" aria-hidden="true" />
      <Swiper
        className="ct-strip__swiper"
        direction="vertical"
        autoplay={notices.length > 1}
        autoplayInterval={4000}
        loop={notices.length > 1}
        indicator={() => null}
        allowTouchMove={false}
        style={{ '--height': '36px' }}
      >
        {notices.map((n) => (
          <Swiper.Item key={n.id}>
            <Link to={`/announcementDetail/${n.id}`} className="ct-strip__item" data-testid={`notice-strip-${n.id}`}>
              {n.unread ? <span className="ct-dot" aria-label={t('unread')} /> : null}
              <span className="ct-strip__title">{n.title}</span>
            </Link>
          </Swiper.Item>
        ))}
      </Swiper>
      <Link to="/announcement" className="ct-strip__more" aria-label={t('more')} data-testid="notice-strip-more">
        <RightOutline />
      </Link>
    </div>
  );
}

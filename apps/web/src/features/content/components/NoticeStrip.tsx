import { useQuery } from '@tanstack/react-query';
import { RightOutline, SoundOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { useSignedIn } from '../../../lib/session.ts';
import { latestNoticesQuery } from '../api/content.ts';
import { NoticeTicker } from './NoticeTicker.tsx';
import './content.css';

/**
 * The home page's notice strip: the newest notices scroll by vertically; tapping one opens it,
 * "more" opens the list. While loading an empty strip keeps its place (nothing below it jumps when
 * it fills); nothing is shown on failure or when there is no notice.
 */
export function NoticeStrip() {
  const { t, i18n } = useTranslation('content');
  const signedIn = useSignedIn();
  const { data, isPending } = useQuery(latestNoticesQuery(i18n.language, signedIn));
  const notices = data?.list ?? [];
  if (isPending) return <div className="ct-strip" aria-hidden="true" />;
  if (notices.length === 0) return null;
  return (
    <div className="ct-strip" data-testid="notice-strip">
      <SoundOutline className="ct-strip__icon" aria-hidden="true" />
      <NoticeTicker notices={notices} />
      <Link to="/announcement" className="ct-strip__more" aria-label={t('more')} data-testid="notice-strip-more">
        <RightOutline />
      </Link>
    </div>
  );
}

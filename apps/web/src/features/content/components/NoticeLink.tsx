import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'react-router-dom';
import type { ContentListItem } from '../api/content.ts';

/** One notice of the home strip: its title (with a dot while unread), opening the notice. */
export function NoticeLink(props: { notice: ContentListItem }) {
  const { t } = useTranslation('content');
  const n = props.notice;
  return (
    <Link to={`/announcementDetail/${n.id}`} className="ct-strip__item" data-testid={`notice-strip-${n.id}`}>
      {n.unread ? <span className="ct-dot" aria-label={t('unread')} /> : null}
      <span className="ct-strip__title">{n.title}</span>
    </Link>
  );
}

import { useInfiniteQuery } from '@tanstack/react-query';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import List from 'antd-mobile/es/components/list';
import Tag from 'antd-mobile/es/components/tag';
import { SoundOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { useSignedIn } from '../../../lib/session.ts';
import { noticesQuery } from '../api/content.ts';
import { LoadState } from '../../../components/LoadState.tsx';
import { formatDateTime } from '../model/dates.ts';
import '../components/content.css';

/** /announcement: every notice, pinned first then newest first, page by page; unread ones marked. */
export default function AnnouncementPage() {
  const { t, i18n } = useTranslation('content');
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  const q = useInfiniteQuery(noticesQuery(i18n.language, signedIn));

  if (q.isPending) return <LoadState error={false} />;
  if (q.isError && !q.data) return <LoadState error retry={() => void q.refetch()} />;
  const notices = q.data.pages.flatMap((p) => p.list);
  if (notices.length === 0) {
    return (
      <div className="page-body">
        <EmptyState
          icon={<SoundOutline />}
          title={t('notices.empty')}
          text={t('notices.emptyText')}
          testId="notices-empty"
        />
      </div>
    );
  }

  return (
    <div className="ct-page" data-testid="notice-list">
      <List className="ct-list">
        {notices.map((n) => (
          <List.Item
            key={n.id}
            onClick={() => void navigate(`/announcementDetail/${n.id}`)}
            description={
              <>
                {n.summary ? <div className="ct-summary">{n.summary}</div> : null}
                <time className="ct-time" dateTime={new Date(n.publishedAt).toISOString()}>
                  {formatDateTime(n.publishedAt, i18n.language)}
                </time>
              </>
            }
            data-testid={`notice-${n.id}`}
            data-unread={n.unread ? 'true' : 'false'}
          >
            <div className="ct-item-title">
              {n.unread ? (
                <span className="ct-dot" role="img" aria-label={t('unread')} data-testid="notice-unread" />
              ) : null}
              {n.pinned ? (
                <Tag color="primary" fill="outline" className="ct-tag">
                  {t('notices.pinned')}
                </Tag>
              ) : null}
              <span className={n.unread ? 'ct-strong' : undefined}>{n.title}</span>
            </div>
          </List.Item>
        ))}
      </List>
      <InfiniteScroll
        loadMore={async () => void (await q.fetchNextPage())}
        hasMore={q.hasNextPage && !q.isFetchNextPageError}
      >
        {q.hasNextPage ? <LoadState error={false} /> : <span className="ct-end">{t('notices.end')}</span>}
      </InfiniteScroll>
    </div>
  );
}

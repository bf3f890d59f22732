import { useEffect } from 'react';
import Button from 'antd-mobile/es/components/button';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { LoadState } from '../../../components/LoadState.tsx';
import { LANGUAGE_TAGS, isLocale } from '../../../lib/languages.ts';
import { alertKeys, markNoticesRead, noticesQuery } from '../api/alerts.ts';
import '../components/alerts.css';

/**
 * /mine/notices: the notices addressed to this user (a fired price alert says what happened, when and at what price),
 * newest first; unread ones are marked and become read once seen here.
 */
export default function NoticesPage() {
  const { t, i18n } = useTranslation('alerts');
  const queryClient = useQueryClient();
  const notices = useQuery(noticesQuery());
  const read = useMutation({
    mutationFn: markNoticesRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertKeys.notices }),
  });
  const unread = notices.data?.unread ?? 0;
  const { mutate } = read;
  // seen here means read: the mark stays on screen until the next visit
  useEffect(() => {
    if (unread > 0) mutate();
  }, [unread, mutate]);
  if (notices.data === undefined) return <LoadState of={[notices]} />;
  const tag = isLocale(i18n.language) ? LANGUAGE_TAGS[i18n.language] : 'en-US';
  const when = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div className="page-body" data-testid="notices-page">
      <section className="card alr-card">
        {notices.data.items.length === 0 ? (
          <EmptyState title={t('notices.empty')} testId="notices-empty" />
        ) : (
          notices.data.items.map((n) => (
            <div
              key={n.id}
              className={`alr-item${n.read ? '' : ' alr-notice--unread'}`}
              data-testid={`notice-row-${n.id}`}
            >
              <span className="alr-item__symbol">{n.title}</span>
              <span className="alr-item__text">{n.body}</span>
              <span className="alr-muted">{when.format(n.createdAt)}</span>
            </div>
          ))
        )}
        {unread > 0 ? (
          <Button size="small" fill="none" onClick={() => read.mutate()}>
            {t('notices.readAll')}
          </Button>
        ) : null}
      </section>
    </div>
  );
}

import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useParams } from 'react-router-dom';
import { useSignedIn } from '../../../lib/session.ts';
import { contentDetailQuery, contentKeys } from '../api/content.ts';
import { ContentArticle } from '../components/ContentArticle.tsx';
import { LoadState } from '../../../components/LoadState.tsx';
import { NotFound } from '../components/NotFound.tsx';
import { isNotFound } from '../model/errors.ts';
import '../components/content.css';

/** /announcementDetail/:id — one notice. Opening it marks it read on the server, so the lists refresh. */
export default function AnnouncementDetailPage() {
  const { id } = useParams();
  const { i18n } = useTranslation('content');
  const signedIn = useSignedIn();
  const queryClient = useQueryClient();
  const noticeId = Number(id);
  const valid = Number.isSafeInteger(noticeId) && noticeId > 0;
  const q = useQuery({ ...contentDetailQuery(noticeId, i18n.language), enabled: valid });

  useEffect(() => {
    if (q.isSuccess && signedIn) {
      void queryClient.invalidateQueries({ queryKey: [...contentKeys.all, 'notices'] });
      void queryClient.invalidateQueries({ queryKey: [...contentKeys.all, 'latest'] });
    }
  }, [q.isSuccess, signedIn, queryClient]);

  if (!valid || (q.isError && isNotFound(q.error))) return <NotFound />;
  if (q.isPending || q.isError) return <LoadState of={[q]} />;
  return (
    <div className="ct-page ct-page--article">
      <ContentArticle item={q.data} />
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavTitle } from '../../../lib/nav-store.ts';
import { documentQuery } from '../api/content.ts';
import { isNotFound } from '../model/errors.ts';
import { ContentArticle } from './ContentArticle.tsx';
import { LoadState } from '../../../components/LoadState.tsx';
import { NotFound } from './NotFound.tsx';

/** A document by its code (user_agreement, privacy_policy, fee_schedule, about_us…); its title heads the nav bar. */
export function DocumentView(props: { code: string }) {
  const { i18n } = useTranslation('content');
  const valid = /^[a-z0-9_]{1,64}$/.test(props.code);
  const q = useQuery({ ...documentQuery(props.code, i18n.language), enabled: valid });
  useNavTitle(q.data?.title);

  if (!valid || (q.isError && isNotFound(q.error))) return <NotFound />;
  if (q.isPending || q.isError) return <LoadState of={[q]} />;
  return (
    <div className="ct-page ct-page--article" data-testid={`document-${props.code}`}>
      <ContentArticle item={q.data} showTitle={false} dated="updated" />
    </div>
  );
}

import { useTranslation } from '../../../lib/use-translation.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';

/** A notice, article or document that does not exist (or is no longer published). */
export function NotFound() {
  const { t } = useTranslation('content');
  return <EmptyState testId="content-not-found" title={t('notFound')} text={t('notFoundText')} />;
}

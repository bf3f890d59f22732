import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { useTranslation } from '../lib/use-translation.ts';
import './load-state.css';

/**
 * What a screen shows while its data is on the way, or when the read failed (with a retry). Every
 * feature uses this one, beside EmptyState for "nothing here", so a user sees waiting and failure
 * the same way everywhere.
 */
export function LoadState(
  props:
    | { error: boolean; retry?: () => void; testId?: string }
    | { of: ReadonlyArray<{ isError: boolean; refetch: () => Promise<unknown> }>; testId?: string },
) {
  const { t } = useTranslation();
  // `of`: the reads a screen waits for; failed when any failed, and a retry asks for them all again
  const error = 'of' in props ? props.of.some((q) => q.isError) : props.error;
  const retry = 'of' in props ? () => void Promise.all(props.of.map((q) => q.refetch())) : props.retry;
  if (!error) {
    return (
      <div className="load-state" aria-busy="true" data-testid={props.testId ?? 'loading'}>
        <DotLoading color="primary" /> {t('common:state.loading')}
      </div>
    );
  }
  return (
    <div className="load-state" role="alert" data-testid="load-failed">
      <div>{t('common:state.failed')}</div>
      {retry ? (
        <Button size="small" fill="outline" onClick={retry} data-testid="load-retry">
          {t('common:state.retry')}
        </Button>
      ) : null}
    </div>
  );
}

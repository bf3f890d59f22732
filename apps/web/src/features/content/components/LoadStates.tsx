import { Button, DotLoading, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** The spinner a content screen shows while it loads. */
export function Loading() {
  const { t } = useTranslation('content');
  return (
    <div className="ct-loading" data-testid="content-loading">
      <DotLoading color="primary" />
      <span>{t('loading')}</span>
    </div>
  );
}

/** A failed load: what happened, and a way to try again (or a plain "not found"). */
export function LoadFailed(props: { notFound?: boolean; onRetry?: () => void }) {
  const { t } = useTranslation('content');
  return (
    <ErrorBlock
      status={props.notFound ? 'empty' : 'default'}
      fullPage={false}
      title={props.notFound ? t('notFound') : t('loadFailed')}
      description={props.notFound ? t('notFoundText') : t('loadFailedText')}
      data-testid={props.notFound ? 'content-not-found' : 'content-load-failed'}
    >
      {props.onRetry && !props.notFound ? (
        <Button color="primary" size="small" onClick={props.onRetry}>
          {t('retry')}
        </Button>
      ) : null}
    </ErrorBlock>
  );
}

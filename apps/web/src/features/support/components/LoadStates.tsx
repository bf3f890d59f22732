import { Button, DotLoading, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

export function Loading() {
  const { t } = useTranslation('support');
  return (
    <div className="sp-loading" data-testid="support-loading">
      <DotLoading color="primary" />
      <span>{t('loading')}</span>
    </div>
  );
}

/** A failed load, or (notFound) a ticket that does not exist or is not the user's. */
export function LoadFailed(props: { notFound?: boolean; onRetry?: () => void }) {
  const { t } = useTranslation('support');
  return (
    <ErrorBlock
      status={props.notFound ? 'empty' : 'default'}
      fullPage={false}
      title={props.notFound ? t('detail.notFound') : t('loadFailed')}
      description={props.notFound ? t('detail.notFoundText') : t('loadFailedText')}
    >
      {props.onRetry && !props.notFound ? (
        <Button color="primary" size="small" onClick={props.onRetry}>
          {t('retry')}
        </Button>
      ) : null}
    </ErrorBlock>
  );
}

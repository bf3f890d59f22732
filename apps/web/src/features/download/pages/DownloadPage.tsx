import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { DownlandOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/use-translation.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { wapConfigQuery } from '../api/wap-config.ts';
import { InstallAppButton } from '../components/InstallAppButton.tsx'; // PWA install (content/support helper)

/**
 * App download, driven by the mobile page configuration. When the configured URL is this very
 * screen (the default: no native package is published), it explains how to add the web app to the
 * home screen instead of offering a button that leads nowhere.
 */
export default function DownloadPage() {
  const { t } = useTranslation('common');
  const { data, isPending, isError } = useQuery(wapConfigQuery);
  const url = data?.downloadUrl ?? '';
  const packageAvailable = !!data?.openH5AppDownload && url !== '' && !isThisScreen(url);

  return (
    <div className="page-body">
      <div className="card download">
        <div className="download__logo" aria-hidden="true">
          <DownlandOutline />
        </div>
        <h1 className="download__title">{t('download.title')}</h1>
        <p className="download__text">{t('download.text')}</p>
        {isPending ? (
          <DotLoading color="primary" />
        ) : packageAvailable ? (
          <Button
            block
            color="primary"
            size="large"
            shape="rounded"
            onClick={() => window.location.assign(url)}
            data-testid="download-button"
          >
            {t('download.button')}
          </Button>
        ) : data?.openH5AppDownload && !isError ? (
          <p className="download__hint" data-testid="download-webapp">
            {t('download.webApp')}
          </p>
        ) : (
          <EmptyState testId="download-unavailable" title={t('download.unavailable')} />
        )}
        <InstallAppButton /> {/* installable web app: shown when the browser offers it */}
      </div>
    </div>
  );
}

function isThisScreen(url: string): boolean {
  try {
    const u = new URL(url, window.location.origin);
    return u.origin === window.location.origin && u.pathname.replace(/\/$/, '') === '/download';
  } catch {
    return false;
  }
}

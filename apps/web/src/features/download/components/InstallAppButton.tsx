import Button from 'antd-mobile/es/components/button';
import { useTranslation } from '../../../lib/use-translation.ts';
import { isInstalled, promptInstall, useCanInstall } from '../../../lib/pwa.ts';

/**
 * Installs Tidemark as a web app (manifest + service worker) when the browser offers it; says so
 * when it is already installed, and tells iPhone users the manual way (Safari has no prompt).
 */
export function InstallAppButton() {
  const { t } = useTranslation('content');
  const canInstall = useCanInstall();
  if (isInstalled()) return <p className="download__hint">{t('pwa.installed')}</p>;
  if (canInstall) {
    return (
      <Button
        block
        color="primary"
        fill="outline"
        size="large"
        shape="rounded"
        onClick={() => void promptInstall()}
        data-testid="pwa-install"
      >
        {t('pwa.install')}
      </Button>
    );
  }
  if (/iPhone|iPad|iPod/.test(navigator.userAgent)) return <p className="download__hint">{t('pwa.iosHint')}</p>;
  return null;
}

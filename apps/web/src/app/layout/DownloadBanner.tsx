import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { CloseOutline, DownlandOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../lib/use-translation.ts';
import { useNavigate } from 'react-router-dom';
import {
  closeBanner,
  isBannerClosed,
  mayShowDownloadBanner,
  shouldShowDownloadBanner,
} from '../../lib/download-banner.ts';
import { wapConfigQuery } from '../../features/download/api/wap-config.ts';

/** The "get the app" strip of spec §4: mobile browsers only, when the config is open, closable per session. */
export function DownloadBanner() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const [closed, setClosed] = useState(isBannerClosed);
  const { data, isPending } = useQuery(wapConfigQuery);
  if (isPending && mayShowDownloadBanner(navigator.userAgent, closed)) {
    return <div className="download-banner" aria-hidden="true" />;
  }
  if (!shouldShowDownloadBanner(navigator.userAgent, data, closed)) return null;
  const open = () => {
    const url = data?.downloadUrl ?? '/download';
    if (url.startsWith('/')) void navigate(url);
    else window.location.assign(url);
  };
  return (
    <div className="download-banner" data-testid="download-banner">
      <button
        className="download-banner__close"
        aria-label={t('action.close')}
        onClick={() => {
          closeBanner();
          setClosed(true);
        }}
      >
        <CloseOutline />
      </button>
      <DownlandOutline className="download-banner__icon" />
      <span className="download-banner__text">{t('banner.text')}</span>
      <Button size="mini" color="primary" shape="rounded" onClick={open}>
        {t('banner.action')}
      </Button>
    </div>
  );
}

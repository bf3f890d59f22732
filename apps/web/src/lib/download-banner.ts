/** The mobile page configuration (POST /xb/v1/common/load/wap/config). */
export interface WapConfig {
  openH5AppDownload: boolean;
  downloadUrl: string;
}

const MOBILE_UA = /Mobi|Android|iPhone/;

/** Spec §4: only on mobile browsers, only when the config says open, and not once closed this session. */
export function shouldShowDownloadBanner(
  userAgent: string,
  config: WapConfig | null | undefined,
  closed: boolean,
): boolean {
  return !closed && !!config?.openH5AppDownload && MOBILE_UA.test(userAgent);
}

const CLOSED_KEY = 'DOWNLOAD_BANNER_CLOSED';

export function isBannerClosed(): boolean {
  try {
    return sessionStorage.getItem(CLOSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function closeBanner(): void {
  try {
    sessionStorage.setItem(CLOSED_KEY, '1');
  } catch {
    // closed for this page view only
  }
}

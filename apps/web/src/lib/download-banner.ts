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

/**
 * Whether the banner could still appear once the config has arrived: a mobile browser that has not
 * closed it. The layout keeps the banner's room meanwhile, so the screen does not jump when it shows.
 */
export function mayShowDownloadBanner(userAgent: string, closed: boolean): boolean {
  return !closed && MOBILE_UA.test(userAgent);
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

import { describe, expect, it } from 'vitest';
import { mayShowDownloadBanner, shouldShowDownloadBanner } from './download-banner.ts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const ANDROID_TABLET = 'Mozilla/5.0 (Linux; Android 14; SM-X700) AppleWebKit/537.36 Chrome/126 Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126 Safari/537.36';
const open = { openH5AppDownload: true, downloadUrl: '/download' };

describe('shouldShowDownloadBanner', () => {
  it('shows on mobile user agents when the config is open', () => {
    expect(shouldShowDownloadBanner(IPHONE, open, false)).toBe(true);
    expect(shouldShowDownloadBanner(ANDROID_TABLET, open, false)).toBe(true);
    expect(shouldShowDownloadBanner('Something Mobi', open, false)).toBe(true);
  });
  it('never on desktop', () => {
    expect(shouldShowDownloadBanner(DESKTOP, open, false)).toBe(false);
  });
  it('not when the config is closed or not loaded', () => {
    expect(shouldShowDownloadBanner(IPHONE, { ...open, openH5AppDownload: false }, false)).toBe(false);
    expect(shouldShowDownloadBanner(IPHONE, null, false)).toBe(false);
    expect(shouldShowDownloadBanner(IPHONE, undefined, false)).toBe(false);
  });
  it('not after the user closed it this session', () => {
    expect(shouldShowDownloadBanner(IPHONE, open, true)).toBe(false);
  });
});

describe('mayShowDownloadBanner (room kept while the config loads)', () => {
  it('on a mobile browser that has not closed it', () => {
    expect(mayShowDownloadBanner(IPHONE, false)).toBe(true);
  });
  it('not on desktop, not once closed', () => {
    expect(mayShowDownloadBanner(DESKTOP, false)).toBe(false);
    expect(mayShowDownloadBanner(IPHONE, true)).toBe(false);
  });
});

/**
 * Debian's Chromium and the flags it needs to run headless on these machines (no sandbox in a container, no GPU,
 * no background traffic that would disturb a measurement). Shared by the retail Playwright config and the
 * Lighthouse runner (scripts/web-lighthouse.mjs).
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

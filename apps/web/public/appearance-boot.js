// Runs before the app's scripts (a classic script in <head>), so the first paint already has the stored theme and
// colour convention: no flash of light before dark. The same rules as src/lib/appearance/appearance.ts.
(function () {
  var a = {};
  try {
    a = JSON.parse(localStorage.getItem('APPEARANCE') || '{}') || {};
  } catch (e) {
    a = {};
  }
  var dark =
    a.theme === 'dark' ||
    (a.theme !== 'light' && window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches);
  var html = document.documentElement;
  html.setAttribute('data-theme', dark ? 'dark' : 'light');
  html.setAttribute('data-prefers-color-scheme', dark ? 'dark' : 'light');
  html.setAttribute('data-colors', a.colors === 'red-up' ? 'red-up' : 'green-up');
  // The server draws a screen's frame with English texts (build/route-shells.ts), the language a first visit
  // starts in: for a visitor who chose another one (LANG, src/lib/languages.ts) they stay hidden.
  // The frame also shows, as the app will, the cycle screen's risk warning unless it was dismissed in this session
  // (RiskBanner.tsx) and, on phones, the "get the app" strip unless it was closed (lib/download-banner.ts).
  var lang = null;
  var cycleRisk = null;
  var bannerClosed = null;
  try {
    lang = localStorage.getItem('LANG');
    cycleRisk = sessionStorage.getItem('tm.riskBanner.cycle');
    bannerClosed = sessionStorage.getItem('DOWNLOAD_BANNER_CLOSED');
  } catch (e) {
    lang = null;
  }
  var others = ['zh_hk', 'zh_cn', 'de', 'fr', 'jp', 'kr', 'tr'];
  if (others.indexOf(lang) >= 0) html.setAttribute('data-shell-texts', 'hidden');
  if (cycleRisk === '1') html.setAttribute('data-cycle-risk', 'dismissed');
  if (/Mobi|Android|iPhone/.test(navigator.userAgent) && bannerClosed !== '1') {
    html.setAttribute('data-download-banner', 'maybe');
  }
})();

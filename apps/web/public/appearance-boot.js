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
})();

import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Start-up pages for the screens a visitor most often opens first: dist/shells/<first path segment>.html,
 * which the server sends instead of index.html for that path (apps/server/src/platform/http/web-app.ts).
 * Each is index.html with the screen's frame drawn in the page: the bars, and the screen's first heading or
 * text in English (the language a first visit starts in), styled by the screen's own CSS inlined. A phone
 * paints the screen before any script has run, and the app later draws the same elements no larger, so the
 * largest paint is the page's own. The screen's chunks are not preloaded from here: Lighthouse counts every
 * module script that arrived before the first paint as blocking it, which moved its first paint from 1.5 s
 * to 1.9–2.5 s (apps/web/README.md §Lighthouse).
 * A visitor who chose another language sees the frame without its texts (public/appearance-boot.js marks
 * the page before it is drawn). The app replaces the frame on its first render (main.tsx).
 */

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;
type Texts = (key: string) => string;

interface RouteShell {
  /** the first segment of the paths it serves: /coinDetail/1 → coinDetail */
  segment: string;
  /** the screen's module, as the build's manifest names it */
  module: string;
  /** modules the screen loads lazily but draws at once, whose CSS the frame needs too */
  lazyModules?: string[];
  /** the frame inside #root; every English text carries the class shell-text */
  markup: (t: Texts) => string;
}

const LOCALES_DIR = path.resolve(import.meta.dirname, '../src/locales/en_us');
const BOOT_HEADER = '<div class="boot"><span class="boot__mark"></span>Tidemark</div>';

const text = (t: Texts, key: string, tag = 'span', className = '') =>
  `<${tag} class="${className ? className + ' ' : ''}shell-text">${escapeHtml(t(key))}</${tag}>`;

function navBar(t: Texts, titleKey: string): string {
  return (
    '<header class="nav-bar"><div class="nav-bar__side"></div><div class="nav-bar__center">' +
    text(t, titleKey, 'span', 'nav-bar__title') +
    '</div><div class="nav-bar__side nav-bar__side--right"></div></header>'
  );
}

const TABS = ['home', 'market', 'trade', 'cycle', 'property'];

function tabLayout(t: Texts, active: string, content: string, titleKey?: string): string {
  const items = TABS.map(
    (tab) =>
      `<div class="adm-tab-bar-item${tab === active ? ' adm-tab-bar-item-active' : ''}">` +
      `<div class="adm-tab-bar-item-title">${text(t, `common:tab.${tab}`)}</div></div>`,
  ).join('');
  // DownloadBanner.tsx on phones: the "get the app" strip (appearance-boot.js tells whether it may show)
  const banner =
    '<div class="download-banner shell-download-banner"><span class="download-banner__close"></span>' +
    `<span class="download-banner__icon"></span>${text(t, 'common:banner.text', 'span', 'download-banner__text')}` +
    text(t, 'common:banner.action', 'span', 'adm-button adm-button-primary adm-button-mini adm-button-shape-rounded') +
    '</div>';
  return (
    '<div class="layout layout--tabs">' +
    banner +
    (titleKey ? navBar(t, titleKey) : '') +
    `<main class="layout__content">${content}</main>` +
    `<nav class="tab-bar"><div class="adm-tab-bar"><div class="adm-tab-bar-wrap">${items}</div></div></nav></div>`
  );
}

function pageLayout(t: Texts, titleKey: string, content: string): string {
  return `<div class="layout layout--page">${navBar(t, titleKey)}<main class="layout__content">${content}</main></div>`;
}

/** A price chart's room and the licence's attribution under it, as PriceChart.tsx writes it. */
function chart(t: Texts, compact: boolean): string {
  return (
    `<div class="price-chart"><div class="interval-tabs"></div><div class="chart-box${compact ? ' chart-box--compact' : ''}">` +
    '</div><p class="chart-attribution shell-text">' +
    `${escapeHtml(t('chart:chartBy'))} <a href="https://www.tradingview.com/">TradingView Lightweight Charts™</a>` +
    ' — Copyright © 2025 TradingView, Inc.</p></div>'
  );
}

export const ROUTE_SHELLS: RouteShell[] = [
  {
    segment: 'home',
    module: 'src/features/home/pages/HomePage.tsx',
    markup: (t) =>
      tabLayout(
        t,
        'home',
        '<div class="home"><header class="home__header"><div class="brand"><span class="brand__mark"></span>' +
          `${escapeHtml(t('common:app.name'))}</div></header><div class="page-body"><section class="hero">` +
          text(t, 'common:home.headline', 'h1', 'hero__title') +
          text(t, 'common:home.subline', 'p', 'hero__text') +
          '</section></div></div>',
      ),
  },
  {
    segment: 'market',
    module: 'src/features/market/pages/MarketPage.tsx',
    markup: (t) =>
      tabLayout(
        t,
        'market',
        '<div class="page-body page-body--flush market-page"><div class="market-page__bar">' +
          text(t, 'market:search.placeholder', 'span', 'market-search') +
          '</div><div class="adm-tabs card"><div class="adm-tabs-header"><div class="adm-tabs-tab-list">' +
          ['favourites', 'spot', 'futures', 'cycle']
            .map(
              (tab) =>
                '<div class="adm-tabs-tab-wrapper adm-tabs-tab-wrapper-stretch">' +
                text(t, `market:tabs.${tab}`, 'div', 'adm-tabs-tab') +
                '</div>',
            )
            .join('') +
          '</div></div></div></div>',
        'common:tab.market',
      ),
  },
  {
    segment: 'trade',
    module: 'src/features/trade/pages/TradePage.tsx',
    lazyModules: ['src/components/price-chart/PriceChart.tsx'],
    markup: (t) =>
      tabLayout(
        t,
        'trade',
        '<div class="page-body trade-page"><div class="trade-mode"></div><div><header class="trade-page__bar"></header>' +
          `<section class="card trade-chart">${text(t, 'trade:chart.title', 'div', 'trade-chart__toggle')}` +
          chart(t, true) +
          '</section></div></div>',
        'common:tab.trade',
      ),
  },
  {
    segment: 'coinDetail',
    module: 'src/features/market/pages/CoinDetailPage.tsx',
    markup: (t) =>
      pageLayout(
        t,
        'common:nav.coinDetail',
        '<div class="page-body coin-detail"><section class="card coin-detail__head"></section>' +
          `<section class="card">${chart(t, false)}</section>` +
          '</div>',
      ),
  },
  {
    segment: 'cycle',
    module: 'src/features/cycle/pages/CyclePage.tsx',
    // the risk warning RiskBanner.tsx shows until it is dismissed for the session (appearance-boot.js)
    markup: (t) =>
      tabLayout(
        t,
        'cycle',
        '<div class="cy-page"><div class="rsp-banner shell-risk-cycle"><div class="rsp-banner__text">' +
          text(t, 'responsible:banner.cycle') +
          text(t, 'responsible:banner.link', 'a') +
          '</div><span class="rsp-banner__close">×</span></div><div class="cy-head">' +
          text(t, 'cycle:title', 'div', 'cy-head__title') +
          '</div></div>',
        'common:tab.cycle',
      ),
  },
  {
    segment: 'login',
    module: 'src/features/account/pages/LoginPage.tsx',
    markup: (t) =>
      pageLayout(
        t,
        'common:nav.login',
        `<div class="acc-page">${text(t, 'account:login.welcome', 'h1', 'acc-heading')}</div>`,
      ),
  },
];

function escapeHtml(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

/** English texts by `namespace:key.path`, read from the locale files the app bundles. */
function englishTexts(): Texts {
  const cache = new Map<string, unknown>();
  return (key) => {
    const [ns, rest] = key.split(':') as [string, string];
    if (!cache.has(ns)) cache.set(ns, JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, `${ns}.json`), 'utf8')));
    let node = cache.get(ns);
    for (const part of rest.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    if (typeof node !== 'string') throw new Error(`route shells: no English text ${key}`);
    return node;
  };
}

/** The chunks a manifest entry loads with itself, itself included. */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const dep of manifest[key].imports ?? []) closure(manifest, dep, into);
  return into;
}

export function buildShell(indexHtml: string, manifest: Manifest, outDir: string, shell: RouteShell, t: Texts): string {
  if (!indexHtml.includes(BOOT_HEADER)) throw new Error('route shells: index.html has no boot header to replace');
  const atStart = closure(manifest, 'index.html');
  const needed = new Set<string>();
  for (const module of [shell.module, ...(shell.lazyModules ?? [])]) {
    if (!manifest[module]) throw new Error(`route shells: ${module} is not in the build`);
    closure(manifest, module, needed);
  }
  const own = [...needed].filter((k) => !atStart.has(k));
  const css = [...new Set(own.flatMap((k) => manifest[k]!.css ?? []))]
    .map((file) => fs.readFileSync(path.join(outDir, file), 'utf8'))
    .join('');
  const hide =
    '[data-shell-texts=hidden] .shell-text{visibility:hidden}' +
    '[data-cycle-risk=dismissed] .shell-risk-cycle{display:none}' +
    ':root:not([data-download-banner=maybe]) .shell-download-banner{display:none}';
  const head = `<style>${css}${hide}</style>`;
  return indexHtml
    .replace('</head>', `${head}</head>`)
    .replace(BOOT_HEADER, `<div class="screen">${shell.markup(t)}</div>`);
}

export function routeShells(): Plugin {
  return {
    name: 'tidemark-route-shells',
    apply: 'build',
    writeBundle(options) {
      const outDir = options.dir!;
      const indexHtml = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
      const t = englishTexts();
      fs.mkdirSync(path.join(outDir, 'shells'), { recursive: true });
      for (const shell of ROUTE_SHELLS) {
        fs.writeFileSync(
          path.join(outDir, 'shells', `${shell.segment}.html`),
          buildShell(indexHtml, manifest, outDir, shell, t),
        );
      }
    },
  };
}

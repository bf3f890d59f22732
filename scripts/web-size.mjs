// Checks the retail web app's load budgets (apps/web/size-budget.json) against its build: for every
// route, the gzip size of the JavaScript a first visit downloads, and of what the route's screen adds
// on top of the entry. Prints a table; exits 1 when a route is over its budget.
//
// It reads the build (apps/web/dist with Vite's manifest) and the route table (each feature's
// routes.ts, loaded as TypeScript by Node); `npm run size` builds first when the build is missing or
// older than the sources (scripts/build-web-if-needed.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

const webDir = path.resolve('apps/web');
const distDir = path.resolve(process.env.WEB_DIST_DIR ?? path.join(webDir, 'dist'));
const budget = JSON.parse(fs.readFileSync(path.join(webDir, 'size-budget.json'), 'utf8'));
const manifestFile = path.join(distDir, '.vite', 'manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error(`${manifestFile} is missing: build the web app first (npm run build -w @tidemark/web)`);
  process.exit(1);
}
/** @type {Record<string, {file: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[]}>} */
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));

const gzipCache = new Map();
function gzipBytes(file) {
  if (!gzipCache.has(file)) {
    const data = fs.readFileSync(path.join(distDir, file));
    gzipCache.set(file, zlib.gzipSync(data, { level: zlib.constants.Z_BEST_COMPRESSION }).length);
  }
  return gzipCache.get(file);
}

/** The files a manifest chunk loads with it: itself and its static imports, transitively. */
function closure(key, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imp of chunk.imports ?? []) closure(imp, into);
  return into;
}

const kb = (files) => [...files].reduce((sum, f) => sum + gzipBytes(f), 0) / 1024;

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error('the manifest has no entry chunk');
const entry = closure(entryKey);

// the texts loaded before the first render: the start-up language's chunk (vite.config.ts groups each
// language's files into one chunk named after it), or its single files when they are not grouped
const texts = new Set();
const locale = budget.startupLocale;
for (const [key, chunk] of Object.entries(manifest)) {
  const file = /^src\/locales\/([^/]+)\/[^/]+\.json$/.exec(key);
  if (chunk.name === locale || file?.[1] === locale) closure(key, texts);
}
if (!texts.size) throw new Error(`no chunk of the start-up language ${locale} in the build`);

// every feature's routes, with the screen module each one loads
const routes = [];
const featuresDir = path.join(webDir, 'src', 'features');
for (const feature of fs.readdirSync(featuresDir).sort()) {
  const file = path.join(featuresDir, feature, 'routes.ts');
  if (!fs.existsSync(file)) continue;
  const mod = await import(pathToFileURL(file).href);
  for (const defs of Object.values(mod)) {
    if (!Array.isArray(defs)) continue;
    for (const def of defs) {
      const target = /import\(\s*['"]([^'"]+)['"]\s*\)/.exec(String(def.load))?.[1];
      if (!target) throw new Error(`${def.path}: cannot read the screen module of its load()`);
      const key = path
        .relative(webDir, path.resolve(path.dirname(file), target))
        .split(path.sep)
        .join('/');
      if (!manifest[key]) throw new Error(`${def.path}: ${key} is not in the build manifest`);
      routes.push({ path: def.path, key });
    }
  }
}

const rows = routes.map((r) => {
  const own = [...closure(r.key)].filter((f) => !entry.has(f));
  const firstLoad = new Set([...entry, ...texts, ...own]);
  return { path: r.path, own: kb(own), firstLoad: kb(firstLoad), files: firstLoad.size };
});

const failures = [];
for (const row of rows) {
  if (row.own > budget.routeChunk)
    failures.push(`${row.path}: its own chunks ${row.own.toFixed(1)} KB > ${budget.routeChunk} KB`);
  const limit = budget.firstLoad[row.path];
  if (limit !== undefined && row.firstLoad > limit) {
    failures.push(`${row.path}: first load ${row.firstLoad.toFixed(1)} KB > ${limit} KB`);
  }
}
for (const p of Object.keys(budget.firstLoad)) {
  if (!rows.some((r) => r.path === p)) failures.push(`${p}: in size-budget.json but no feature serves it`);
}

const pad = (s, n) => String(s).padEnd(n);
const num = (x) => x.toFixed(1).padStart(8);
console.log(
  `entry ${kb(entry).toFixed(1)} KB (${entry.size} files), start-up texts ${kb(texts).toFixed(1)} KB (${texts.size} files), gzip -9`,
);
console.log(`${pad('route', 34)}${'own KB'.padStart(8)}${'first KB'.padStart(10)}  budget`);
for (const row of rows) {
  const limit = budget.firstLoad[row.path];
  const over = row.own > budget.routeChunk || (limit !== undefined && row.firstLoad > limit);
  const budgetText = `${limit !== undefined ? `first ≤ ${limit}, ` : ''}own ≤ ${budget.routeChunk}`;
  console.log(`${pad(row.path, 34)}${num(row.own)}  ${num(row.firstLoad)}  ${budgetText}${over ? '  OVER' : ''}`);
}
if (failures.length) {
  console.error(`\nover budget (apps/web/size-budget.json):\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('\nevery route is within its budget');

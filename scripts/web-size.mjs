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
import { budgetFailures, routeChunkLimit, routeSizes } from './web-size-core.ts';

const webDir = path.resolve('apps/web');
const distDir = path.resolve(process.env.WEB_DIST_DIR ?? path.join(webDir, 'dist'));
const budget = JSON.parse(fs.readFileSync(path.join(webDir, 'size-budget.json'), 'utf8'));
const manifestFile = path.join(distDir, '.vite', 'manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error(`${manifestFile} is missing: build the web app first (npm run build -w @tidemark/web)`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));

const gzipCache = new Map();
function gzipBytes(file) {
  if (!gzipCache.has(file)) {
    const data = fs.readFileSync(path.join(distDir, file));
    gzipCache.set(file, zlib.gzipSync(data, { level: zlib.constants.Z_BEST_COMPRESSION }).length);
  }
  return gzipCache.get(file);
}

// every feature's routes, with the screen module each one loads and the texts it fetches with it
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
      routes.push({ path: def.path, key, texts: def.texts ?? [] });
    }
  }
}

const { entry, texts, rows } = routeSizes(manifest, routes, budget.startupLocale, gzipBytes);
const failures = budgetFailures(rows, budget);

const pad = (s, n) => String(s).padEnd(n);
const num = (x) => x.toFixed(1).padStart(8);
console.log(`entry ${entry.toFixed(1)} KB, start-up texts (${budget.startupLocale}) ${texts.toFixed(1)} KB, gzip -9`);
console.log(`${pad('route', 34)}${'own KB'.padStart(8)}${'first KB'.padStart(10)}  budget`);
for (const row of rows) {
  const limit = budget.firstLoad[row.path];
  const ownLimit = routeChunkLimit(budget, row.path);
  const over = row.own > ownLimit || (limit !== undefined && row.firstLoad > limit);
  const budgetText = `${limit !== undefined ? `first ≤ ${limit}, ` : ''}own ≤ ${ownLimit}`;
  console.log(`${pad(row.path, 34)}${num(row.own)}  ${num(row.firstLoad)}  ${budgetText}${over ? '  OVER' : ''}`);
}
if (failures.length) {
  console.error(`\nover budget (apps/web/size-budget.json):\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('\nevery route is within its budget');

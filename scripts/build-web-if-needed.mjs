// Builds the retail web app and the operator console when their dist folder is missing or older than
// their sources (or the shared contract), so `npm start` and the end-to-end tests always serve what
// the sources say, without rebuilding every time.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

function newest(p) {
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let t = 0;
  for (const e of fs.readdirSync(p)) {
    if (e === 'node_modules' || e === 'dist') continue;
    t = Math.max(t, newest(path.join(p, e)));
  }
  return t;
}

const contract = newest(path.resolve('packages/contract/src'));

for (const app of [
  { dir: 'apps/web', workspace: '@tidemark/web', label: 'the web app' },
  { dir: 'apps/admin', workspace: '@tidemark/admin', label: 'the operator console' },
]) {
  const appDir = path.resolve(app.dir);
  if (!fs.existsSync(path.join(appDir, 'index.html'))) continue; // not in this checkout
  const builtIndex = path.join(appDir, 'dist', 'index.html');
  const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
  if (!builtAt || newest(appDir) > builtAt || contract > builtAt) {
    console.log(`Building ${app.label}…`);
    execSync(`npm run build -w ${app.workspace}`, { stdio: 'inherit' });
  }
}

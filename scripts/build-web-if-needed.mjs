// Builds the web app when apps/web/dist is missing or older than its sources, so `npm start`
// and the end-to-end tests always serve what the sources say, without rebuilding every time.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const webDir = path.resolve('apps/web');
const builtIndex = path.join(webDir, 'dist', 'index.html');
if (!fs.existsSync(path.join(webDir, 'index.html'))) process.exit(0); // no web app yet

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

const sourcesChanged = !fs.existsSync(builtIndex) || newest(webDir) > fs.statSync(builtIndex).mtimeMs;
const contractChanged =
  fs.existsSync(builtIndex) && newest(path.resolve('packages/contract/src')) > fs.statSync(builtIndex).mtimeMs;
if (sourcesChanged || contractChanged) {
  console.log('Building the web app…');
  execSync('npm run build -w @tidemark/web', { stdio: 'inherit' });
}

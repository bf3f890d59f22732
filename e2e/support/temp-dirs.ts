import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const PREFIX = 'tidemark-e2e-';

/**
 * A new data directory for this run. Directories of earlier runs are removed once they are an
 * hour old: the server still has its files open during Playwright's teardown, so a run cannot
 * remove its own.
 */
export function freshDataDir(): string {
  const now = Date.now();
  for (const entry of fs.readdirSync(os.tmpdir())) {
    if (!entry.startsWith(PREFIX) || entry === `${PREFIX}results`) continue;
    const dir = path.join(os.tmpdir(), entry);
    try {
      if (now - fs.statSync(dir).mtimeMs > 3600_000) fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // another user's or a vanished directory: leave it
    }
  }
  return fs.mkdtempSync(path.join(os.tmpdir(), PREFIX));
}

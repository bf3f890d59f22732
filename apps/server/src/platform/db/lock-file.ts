import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite does not lock its data directory, and two processes writing one directory corrupt it.
 * We hold an exclusive lock file (created with O_EXCL) while the database is open. A lock left
 * by a process that no longer exists is stale and is taken over.
 */
export class DataDirLockedError extends Error {}

export function acquireLockFile(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'tidemark.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          fs.unlinkSync(file);
        } catch {
          // already gone: nothing to release
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(fs.readFileSync(file, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `The data directory ${dir} is in use by process ${owner}. Stop it first, or set DATA_DIR to another directory.`,
        );
      }
      fs.unlinkSync(file); // stale: its owner is gone
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}.`);
}

/** The live process holding the data directory's lock, or null when none does (absent or stale lock). */
export function lockOwner(dir: string): number | null {
  let text: string;
  try {
    text = fs.readFileSync(path.join(dir, 'tidemark.lock'), 'utf8');
  } catch {
    return null;
  }
  const owner = Number(text.trim());
  return Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner) ? owner : null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

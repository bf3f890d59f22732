import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { acquireLockFile, DataDirLockedError } from './lock-file.ts';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-lock-'));

describe('data directory lock', () => {
  it('refuses a second holder while another live process has the lock', async () => {
    const dir = tmp();
    // another process (alive for the duration of the test) holds the lock
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)']);
    try {
      fs.writeFileSync(path.join(dir, 'tidemark.lock'), String(holder.pid));
      expect(() => acquireLockFile(dir)).toThrow(DataDirLockedError);
    } finally {
      holder.kill();
    }
  });

  it('takes over a lock whose process is gone, and releases it', () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, 'tidemark.lock'), '999999999');
    const release = acquireLockFile(dir);
    expect(fs.readFileSync(path.join(dir, 'tidemark.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'tidemark.lock'))).toBe(false);
  });
});

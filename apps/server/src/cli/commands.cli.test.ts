import { execFile, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../modules/account/user.schema.ts';
import { DEMO_TAKER_EMAIL } from '../modules/spot/market-maker.seed.ts';
import { createTestDatabase } from '../testing/test-database.ts';

/**
 * The README's commands as a person runs them: child processes beside a running `npm start` on the
 * embedded database (through its control socket), directly on PostgreSQL, and against a directory
 * that holds no database.
 */
const SERVER = new URL('../main.ts', import.meta.url).pathname;
const cli = (name: string) => new URL(`./${name}.ts`, import.meta.url).pathname;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function withoutDatabaseUrl(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  return env;
}

function run(script: string, args: string[], env: Record<string, string>): Promise<Run> {
  const base = withoutDatabaseUrl();
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [cli(script), ...args],
      { env: { ...base, LOG_LEVEL: 'silent', ...env }, timeout: 150_000 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : 99) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

const tmp = (tag: string) => fs.mkdtempSync(path.join(os.tmpdir(), `tidemark-cli-${tag}-`));

describe('a directory that holds no database', () => {
  it('is refused in one line, and nothing is created there', async () => {
    const empty = tmp('empty');
    const missing = path.join(empty, 'not-there');
    const a = await run('ledger-check', [], { DATA_DIR: empty });
    const b = await run('operator-create', ['--email', 'x@example.com', '--name', 'X'], { DATA_DIR: missing });
    for (const r of [a, b]) {
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/^No Tidemark database in .*: start the server there once/);
    }
    expect(fs.readdirSync(empty)).toEqual([]);
    expect(fs.existsSync(missing)).toBe(false);
  }, 320_000);
});

describe.skipIf(!!process.env.DATABASE_URL)('beside a running server on the embedded database', () => {
  let dataDir: string;
  let server: ChildProcess;
  let log = '';

  beforeAll(async () => {
    dataDir = tmp('server');
    server = spawn(process.execPath, [SERVER], {
      env: { ...withoutDatabaseUrl(), PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (c) => (log += c));
    server.stderr!.on('data', (c) => (log += c));
    const socket = path.join(dataDir, 'control.sock');
    const deadline = Date.now() + 280_000;
    // ready: the control socket is open and the start-up report (printed just after it) is out
    while (!fs.existsSync(socket) || !log.includes('Tidemark is listening')) {
      if (Date.now() > deadline || server.exitCode !== null) throw new Error(`server did not start:\n${log}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }, 300_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
  }, 60_000);

  it('logs the address it really listens on', () => {
    expect(log).toMatch(/Tidemark is listening on http:\/\/127\.0\.0\.1:\d{4,5} \(database: pglite\)/);
  });

  it('runs chain:deposit, ledger:check, operator:create and cycle:verify through the server', async () => {
    const env = { DATA_DIR: dataDir };
    const deposit = await run(
      'chain-deposit',
      ['--', '--user', DEMO_TAKER_EMAIL, '--currency', 'USDT', '--chain', 'TRC20', '--amount', '25'],
      env,
    );
    expect(deposit.stderr).toBe('');
    expect(deposit.code).toBe(0);
    expect(JSON.parse(deposit.stdout)).toMatchObject({ amount: expect.stringMatching(/^25(\.0+)?$/) });

    const check = await run('ledger-check', [], env);
    expect(check).toMatchObject({ code: 0, stderr: '' });
    expect(check.stdout).toMatch(
      /^ledger OK: \d+ accounts, \d+ transactions; every currency sums to zero; futures clearing and the cycle pool match their positions and contracts\n$/,
    );

    const op = await run(
      'operator-create',
      ['--email', 'cli-op@example.com', '--name', 'CLI', '--roles', 'finance'],
      env,
    );
    expect(op).toMatchObject({ code: 0, stderr: '' });
    expect(op.stdout).toMatch(
      /^Operator created: cli-op@example.com \(finance\)\nPassword: {4}\S{12,}\nTOTP secret: [A-Z2-7]+/,
    );

    const verify = await run('cycle-verify', ['--', '424242'], env);
    expect(verify).toMatchObject({ code: 2, stdout: '', stderr: 'contract 424242: not found\n' });
    // the server is still the one holding the directory, and it ran them
    expect(log).toMatch(/control socket: command/);
    expect(fs.readFileSync(path.join(dataDir, 'tidemark.lock'), 'utf8').trim()).toBe(String(server.pid));
  }, 600_000);

  it('runs apikey:create through the server, and the key signs requests to it', async () => {
    const created = await run('apikey-create', ['--user', DEMO_TAKER_EMAIL, '--permissions', 'read'], {
      DATA_DIR: dataDir,
    });
    expect(created).toMatchObject({ code: 0, stderr: '' });
    const k = JSON.parse(created.stdout) as { apiKey: string; secret: string };
    expect(Object.keys(k)).toEqual(['apiKey', 'secret']);
    const port = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(log)![1];
    const query = `timestamp=${Date.now()}`;
    const signature = crypto.createHmac('sha256', k.secret).update(query).digest('hex');
    const res = await fetch(`http://127.0.0.1:${port}/api/v3/account?${query}&signature=${signature}`, {
      headers: { 'x-mbx-apikey': k.apiKey },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ canTrade: false, accountType: 'SPOT' });
    // the secret is kept encrypted under a key file only its owner can read
    expect(fs.statSync(path.join(dataDir, 'apikey-secret.key')).mode & 0o777).toBe(0o600);
  }, 300_000);
});

describe.skipIf(!process.env.DATABASE_URL)('directly on PostgreSQL', () => {
  let url: string;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const t = await createTestDatabase();
    url = t.url!;
    dispose = t.dispose;
    await t.database.db.insert(users).values({
      email: 'pg-cli@example.com',
      passwordHash: 'x',
      inviteCode: 'PGCLI001',
    });
  }, 120_000);
  afterAll(async () => {
    await dispose?.();
  });

  it('runs chain:deposit, ledger:check, operator:create and cycle:verify', async () => {
    const env = { DATABASE_URL: url, DATA_DIR: tmp('pg') };
    const deposit = await run(
      'chain-deposit',
      ['--user', 'pg-cli@example.com', '--currency', 'USDT', '--chain', 'TRC20', '--amount', '7'],
      env,
    );
    expect(deposit).toMatchObject({ code: 0, stderr: '' });
    const check = await run('ledger-check', [], env);
    expect(check.stdout).toMatch(/^ledger OK/);
    const op = await run('operator-create', ['--email', 'pg-op@example.com', '--name', 'PG'], env);
    expect(op.stdout).toMatch(/^Operator created: pg-op@example.com \(super_admin\)/);
    const verify = await run('cycle-verify', ['1'], env);
    expect(verify).toMatchObject({ code: 2, stderr: 'contract 1: not found\n' });
    expect(fs.readdirSync(env.DATA_DIR)).toEqual([]);
  }, 600_000);

  it('runs apikey:create with the server key from the environment', async () => {
    const env = { DATABASE_URL: url, DATA_DIR: tmp('pg-key'), APIKEY_SECRET_KEY: 'ab'.repeat(32) };
    const created = await run('apikey-create', ['--user', 'pg-cli@example.com', '--permissions', 'read,trade'], env);
    expect(created).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(created.stdout)).toEqual({
      apiKey: expect.stringMatching(/^[0-9a-f]{64}$/),
      secret: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(fs.readdirSync(env.DATA_DIR)).toEqual([]);
    const usage = await run('apikey-create', ['--permissions', 'withdraw'], env);
    expect(usage.code).toBe(2);
  }, 300_000);
});

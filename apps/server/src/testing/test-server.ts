import { service, type Services } from '../platform/context.ts';
import crypto from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type BuiltApp } from '../app.ts';
import type { Clock } from '../platform/clock.ts';
import { loadConfig } from '../platform/config.ts';
import { totpCode } from '../platform/crypto/totp.ts';
import { hashPassword } from '../platform/crypto/password.ts';
import { users } from '../modules/account/user.schema.ts';
import { OperatorService } from '../modules/operator/operator.service.ts';
import type { OperatorRole } from '../modules/operator/operator.schema.ts';
import { createTestDatabase } from './test-database.ts';

export interface ApiResult<T = any> {
  status: number;
  body: { code: number; message: string; data: T; error?: string; field?: string };
}

export interface CallOptions {
  token?: string;
  locale?: string;
  headers?: Record<string, string>;
}

export interface TestServer {
  url: string;
  built: BuiltApp;
  /** POSTs JSON to /api<path> (GET when body is null) over real HTTP. */
  api<T = any>(path: string, body?: unknown, opts?: CallOptions): Promise<ApiResult<T>>;
  /** A user inserted directly (for tests of other modules) with a signed-in token. */
  createUser(input?: {
    email?: string;
    phone?: string;
    password?: string;
  }): Promise<{ id: number; token: string; email: string | null }>;
  /** Credits a user's spot wallet from the outside world: a balanced `test_funding` entry through the ledger. */
  fund(userId: number, currency: string, amount: bigint): Promise<void>;
  /** An operator with the roles, signed in through the real login call (password + TOTP). */
  createOperator(roles: OperatorRole[]): Promise<{ id: number; token: string }>;
  /** Stops the app (background work and HTTP) and builds a new one on the SAME database, as a process restart would. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/**
 * One server per test file, listening on a random loopback port, on a fresh database
 * (PGlite in memory, or a new database on DATABASE_URL's server).
 */
export async function startTestServer(
  options: { clock?: Clock; env?: Record<string, string>; services?: Services } = {},
): Promise<TestServer> {
  const { database, dispose } = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    // TEST_LOG_LEVEL=error shows what a 500 hid while hunting a failure; the suites stay quiet otherwise
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // the tests read codes from the development outbox as a person reads mail (loopback only)
    DEV_TOOLS: 'outbox',
    // tests of other subjects withdraw to addresses they just made up: the new-address cool-down is
    // off unless a test turns it on (its own tests do)
    WITHDRAW_ADDRESS_COOLDOWN_HOURS: '0',
    // the suites of other subjects trade futures with brand-new users: the quiz and the young-account cap are
    // off unless a test turns them on (their own tests do)
    RESPONSIBLE_TRADING: 'off',
    ...options.env,
  });
  const launch = async (port: number) => {
    const b = await buildApp({
      config,
      database,
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.services ? { services: options.services } : {}),
    });
    await b.app.listen({ port, host: '127.0.0.1' });
    await b.start();
    return b;
  };
  let built = await launch(0);
  const address = built.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  let seq = 0;

  const api: TestServer['api'] = async (p, body = {}, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = opts.token;
    if (opts.locale) headers.locale = opts.locale;
    const init: RequestInit = { method: body === null ? 'GET' : 'POST', headers };
    if (body !== null) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    const res = await fetch(`${url}/api${p}`, init);
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };

  return {
    url,
    get built() {
      return built;
    },
    api,
    async createUser(input = {}) {
      seq += 1;
      const email = input.phone
        ? (input.email ?? null)
        : (input.email ?? `user${seq}-${crypto.randomBytes(3).toString('hex')}@example.com`);
      const [row] = await database.db
        .insert(users)
        .values({
          email,
          phoneCountry: input.phone ? '1' : null,
          phone: input.phone ?? null,
          passwordHash: await hashPassword(input.password ?? 'abc12345'),
          inviteCode: crypto.randomBytes(4).toString('hex').toUpperCase(),
        })
        .returning();
      const { token } = await built.ctx.sessions.create('user', row!.id, {});
      return { id: row!.id, token, email };
    },
    async fund(userId, currency, amount) {
      const ledger = service(built.ctx, 'ledger');
      await ledger.transaction((tx) =>
        ledger.transfer(
          tx,
          'test_funding',
          { system: 'outside_world', currency },
          { userId, currency, wallet: 'spot' },
          amount,
        ),
      );
    },
    async createOperator(roles) {
      seq += 1;
      const email = `op${seq}-${crypto.randomBytes(3).toString('hex')}@example.com`;
      const password = 'operator-password-1';
      const created = await new OperatorService({ db: database.db, clock: built.ctx.clock }).create({
        email,
        name: `Operator ${seq}`,
        password,
        roles,
      });
      const res = await api('/admin/auth/login', {
        email,
        password,
        totpCode: totpCode(created.totpSecret, built.ctx.clock),
      });
      if (res.status !== 200) throw new Error(`operator login failed: ${JSON.stringify(res.body)}`);
      return { id: created.operator.id, token: res.body.data.token };
    },
    async restart() {
      await built.close();
      built = await launch(port);
    },
    async close() {
      await built.close();
      await dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The suite's one server (the file's, or the describe block's it is called in): started before the suite's
 * first test, before the hooks registered after this call, and closed after its last. Suites call it where
 * they would have written the same beforeAll/afterAll pair; the object it returns stands for the server once
 * it runs. `startTimeoutMs` gives a slow start (a build of the web app) more than the usual hook timeout.
 */
export function serverForSuite(
  options: Parameters<typeof startTestServer>[0] = {},
  startTimeoutMs?: number,
): TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(options);
  }, startTimeoutMs);
  afterAll(async () => {
    await server?.close();
  });
  return new Proxy({} as TestServer, {
    get(_target, name) {
      if (!server) throw new Error('the suite server is used before its beforeAll ran');
      const value: unknown = Reflect.get(server, name);
      return typeof value === 'function' ? value.bind(server) : value;
    },
  });
}

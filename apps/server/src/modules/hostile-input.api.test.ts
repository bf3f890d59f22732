import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { hostileCases, sampleCases, seededRandom, type JsonSchema } from '../testing/hostile-cases.ts';
import { serverForSuite } from '../testing/test-server.ts';

/**
 * Hostile bodies on every POST route of the OpenAPI document, signed out, signed in as a user, and
 * (for the back office) signed in as an operator — with rate limits off, so that no answer hides
 * behind a 429. Whatever arrives: never a 5xx, always the envelope with a message in the caller's
 * language, and a refused request changes nothing in the database.
 *
 * Each route gets its NUL and control-character cases in every string field plus a deterministic
 * sample of the rest (HOSTILE_INPUT_CASES per route and pass, HOSTILE_INPUT_SEED). The full run:
 *   HOSTILE_INPUT_CASES=all npx vitest run apps/server/src/modules/hostile-input.api.test.ts
 */
const PER_ROUTE = process.env.HOSTILE_INPUT_CASES === 'all' ? Infinity : Number(process.env.HOSTILE_INPUT_CASES ?? 4);
const SEED = Number(process.env.HOSTILE_INPUT_SEED ?? 1);

/** Locales the cases rotate through, with a script the localized message must contain. */
const LOCALES: [string, RegExp | null][] = [
  ['en_us', null],
  ['zh_cn', /[\u4e00-\u9fff]/],
  ['jp', /[\u3040-\u30ff\u4e00-\u9fff]/],
  ['kr', /[\uac00-\ud7af]/],
  ['de', null],
  ['zh_hk', /[\u4e00-\u9fff]/],
  ['fr', null],
];

/** Tables whose bookkeeping moves with any signed-in call (last seen), compared by row count only. */
const COUNT_ONLY = new Set(['sessions']);

let userToken: string;
let operatorToken: string;
let routes: { url: string; body: JsonSchema | undefined }[];
/** Routes behind a guard: signed out, the guard refuses before the body is read, so one case each suffices. */
let guarded: Set<string>;
/** Tables the background jobs write while nobody calls (index ticks, mark prices): not the input's doing. */
let noisy: Set<string> | undefined;

type Snapshot = Map<string, string>;

async function snapshot(): Promise<Snapshot> {
  const db = server.built.ctx.db;
  const tables = (
    (await db.execute(
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    )) as unknown as {
      rows: { tablename: string }[];
    }
  ).rows.map((r) => r.tablename);
  const parts = tables
    .filter((t) => !noisy?.has(t))
    .map((t) =>
      COUNT_ONLY.has(t)
        ? `select '${t}' as t, count(*)::text as v from "${t}"`
        : `select '${t}' as t, count(*)::text || ':' || md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as v from "${t}" x`,
    );
  const rows = (
    (await db.execute(sql.raw(parts.join(' union all ')))) as unknown as { rows: { t: string; v: string }[] }
  ).rows;
  return new Map(rows.map((r) => [r.t, r.v]));
}

function changes(before: Snapshot, after: Snapshot): string[] {
  return [...after.keys()].filter((t) => before.get(t) !== after.get(t));
}

const server = serverForSuite({ env: { RATE_LIMIT_ENABLED: 'false' } });
beforeAll(async () => {
  userToken = (await server.createUser()).token;
  operatorToken = (await server.createOperator(['super_admin'])).token;
  const doc = (await (await fetch(`${server.url}/api/docs/json`)).json()) as {
    paths: Record<string, { post?: { requestBody?: { content?: { 'application/json'?: { schema?: JsonSchema } } } } }>;
  };
  routes = Object.entries(doc.paths)
    .filter(([, ops]) => ops.post)
    .map(([url, ops]) => ({ url, body: ops.post!.requestBody?.content?.['application/json']?.schema }));
  guarded = new Set(server.built.routes.filter((r) => r.guards.length).map((r) => r.url));
  const a = await snapshot();
  await new Promise((r) => setTimeout(r, 1500));
  const b = await snapshot();
  noisy = new Set([...b.keys()].filter((t) => a.get(t) !== b.get(t)));
}, 120_000);

interface Failure {
  route: string;
  pass: string;
  case: string;
  problem: string;
}

async function attack(pass: 'signed out' | 'user' | 'operator', token: string | undefined): Promise<Failure[]> {
  const failures: Failure[] = [];
  const random = seededRandom(SEED + pass.length);
  let n = 0;
  let baseline = await snapshot();
  for (const route of routes) {
    const isAdmin = route.url.startsWith('/api/admin/');
    if (pass === 'user' && isAdmin) continue;
    if (pass === 'operator' && !isAdmin) continue;
    // signing out with any body is what these calls are for; the signed-out pass covers them
    if (token && route.url.endsWith('/logout')) continue;
    const cases = sampleCases(hostileCases(route.body), token || !guarded.has(route.url) ? PER_ROUTE : 1, random);
    let accepted = 0;
    let pastValidation = 0;
    for (const c of cases) {
      const [locale, script] = LOCALES[n++ % LOCALES.length]!;
      const headers: Record<string, string> = { 'content-type': 'application/json', locale };
      if (token) headers.authorization = token;
      const res = await fetch(`${server.url}${route.url}`, { method: 'POST', headers, body: c.body });
      const text = await res.text();
      const fail = (problem: string) =>
        failures.push({
          route: route.url,
          pass,
          case: c.name,
          problem: `${problem} — ${res.status} ${text.slice(0, 200)}`,
        });
      if (res.status >= 500) {
        fail('a server error');
        continue;
      }
      let body: { code?: unknown; message?: unknown; error?: unknown; data?: unknown };
      try {
        body = JSON.parse(text);
      } catch {
        fail('not JSON');
        continue;
      }
      if (body.code !== res.status || typeof body.message !== 'string' || !body.message) {
        fail('not the envelope');
        continue;
      }
      if (res.status >= 300) {
        if (typeof body.error !== 'string' || body.data !== null) fail('an error without its key');
        if (/\{\w+\}/.test(body.message) || /^[a-z]+\.[A-Za-z.]+$/.test(body.message)) fail('an unresolved message');
        if (script && !script.test(body.message)) fail(`a message not in ${locale}`);
        if (!(res.status === 400 && body.error === 'VALIDATION') && res.status !== 413) pastValidation += 1;
      } else {
        accepted += 1;
      }
    }
    // A case refused by validation never reached a handler; one refused later (401, a business
    // rule) did, and must have changed nothing. A call that accepted a case may rightly have
    // changed something: the comparison starts again after it.
    if (accepted > 0) {
      baseline = await snapshot();
    } else if (pastValidation > 0) {
      const after = await snapshot();
      // a failed sign-in is audited and counted (the counters slow the next guesses): those rows are the point
      const signIn = route.url === '/api/admin/auth/login' || route.url === '/api/xb/v1/auth/login';
      const changed = changes(baseline, after).filter(
        (t) => !(signIn && (t === 'audit_log' || t === 'security_attempts')),
      );
      if (changed.length) {
        failures.push({ route: route.url, pass, case: '(all)', problem: `refused, yet changed ${changed.join(', ')}` });
      }
      baseline = after;
    }
  }
  return failures;
}

describe('hostile input on every POST route', () => {
  it('reads the routes from the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThan(100);
  });

  it('signed out: never a 5xx, always the localized envelope, nothing changed', async () => {
    expect(await attack('signed out', undefined)).toEqual([]);
  }, 900_000);

  it('signed in as a user: never a 5xx, always the localized envelope, nothing changed', async () => {
    expect(await attack('user', userToken)).toEqual([]);
  }, 900_000);

  it('signed in as an operator: never a 5xx, always the localized envelope, nothing changed', async () => {
    expect(await attack('operator', operatorToken)).toEqual([]);
  }, 900_000);
});

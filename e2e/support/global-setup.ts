import type { FullConfig } from '@playwright/test';

/**
 * Runs once the server is up (Playwright starts the webServer before any globalSetup): checks
 * that the server answers and runs on the store this run asked for, so a test never passes
 * against a stale or wrong database.
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) throw new Error('global setup: no baseURL');
  const res = await fetch(`${baseURL}/api/health`);
  const body = (await res.json()) as { data?: { database?: string } };
  const expected = process.env.TM_E2E_DATABASE_URL ? 'postgres' : 'pglite';
  if (body.data?.database !== expected)
    throw new Error(`global setup: the server runs on ${body.data?.database}, expected ${expected}`);
  const index = await fetch(`${baseURL}/home`);
  if (!(await index.text()).includes('<div id="root">')) {
    throw new Error('global setup: the server does not serve the web app; build it (npm run build) first');
  }
}

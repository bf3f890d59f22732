import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { api, registerByApi, useLanguage, useToken } from './support/helpers.ts';
import { asOperator } from './support/operator.ts';

/**
 * Proof of reserves end to end: two users are funded, finance publishes a snapshot, a user opens the page
 * from the user centre and sees their USDT balance "Verified" (recomputed in the browser); the proof they
 * download passes the standalone verifier; a proof altered on its way to the page reads "Does not match". The other
 * user opens the same page in Japanese and sees their own balance verified.
 * Set RESERVES_SHOTS=<dir> to save 390×844 screenshots there.
 */

const SHOTS = process.env.RESERVES_SHOTS;
const run = promisify(execFile);

async function deposit(request: APIRequestContext, email: string, amount: string): Promise<void> {
  const d = await asOperator<{ id: number }>(request, '/admin/chain/deposit', {
    user: email,
    currency: 'USDT',
    chain: 'TRC20',
    amount,
    confirmations: 0,
  });
  await asOperator(request, '/admin/chain/confirm', { depositId: d.id, confirmations: 3 });
}

test('a user sees their balance verified against the published root, and the downloaded proof checks out', async ({
  page,
  request,
  browser,
}, testInfo) => {
  const me = await registerByApi(request);
  const other = await registerByApi(request);
  await deposit(request, me.email, '1234.5');
  await deposit(request, other.email, '77');
  const snap = await asOperator<{ id: number; currencies: { currency: string; rootHash: string }[] }>(
    request,
    '/admin/reserves/snapshot',
    {},
  );
  const usdtRoot = snap.currencies.find((c) => c.currency === 'USDT')!.rootHash;

  await useToken(page, me.token);
  await page.goto('/mine');
  await page.getByTestId('mine-entry-reserves').click();
  await expect(page).toHaveURL(/\/mine\/reserves$/);
  await expect(page.getByTestId('reserves-snapshot')).toContainText(`Snapshot ${snap.id}`);
  await expect(page.getByTestId('reserves-root-USDT')).toHaveText(usdtRoot);
  const proof = page.getByTestId('reserves-proof-USDT');
  await expect(proof).toContainText('1,234.5');
  await expect(page.getByTestId('reserves-state-USDT')).toHaveText('Verified');
  await expect(page.getByTestId('reserves-currency-USDT')).toContainText('Demo');
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/reserves-en_us.png` });
    await page.screenshot({ path: `${SHOTS}/reserves-full-en_us.png`, fullPage: true });
  }

  // the file the page offers passes `npm run por:verify` with no server involved
  const [download] = await Promise.all([page.waitForEvent('download'), proof.getByRole('button').click()]);
  expect(download.suggestedFilename()).toBe(`tidemark-proof-${snap.id}-USDT.json`);
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);
  const root = path.resolve(import.meta.dirname, '..');
  const verified = await run(process.execPath, ['scripts/por-verify.ts', file], { cwd: root });
  expect(verified.stdout).toContain(`root ${usdtRoot}`);

  // a proof changed on its way (one more minor unit) is caught in the browser
  await page.route('**/api/xb/v1/reserves/proof', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { data: { proofs: { leaf: { balance: string } }[] } };
    for (const p of body.data.proofs) p.leaf.balance = (BigInt(p.leaf.balance) + 1n).toString();
    await route.fulfill({ response: res, json: body });
  });
  await page.reload();
  await expect(page.getByTestId('reserves-state-USDT')).toHaveText('Does not match');
  await expect(page.getByTestId('reserves-mismatch-USDT')).toContainText('contact customer service');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/reserves-mismatch-en_us.png` });

  // the other user's leaf is not given to me
  const mine = await api<{ proofs: { leaf: { userId: number } }[] }>(
    request,
    '/xb/v1/reserves/proof',
    {},
    {
      token: me.token,
    },
  );
  expect(new Set(mine.proofs.map((p) => p.leaf.userId)).size).toBe(1);

  // the second language: the other user, in Japanese, has their own balance verified in the browser
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const jp = await ctx.newPage();
  await useLanguage(jp, 'jp');
  await useToken(jp, other.token);
  await jp.goto('/mine/reserves');
  await expect(jp.getByTestId('reserves-snapshot')).toContainText(`スナップショット ${snap.id}`);
  await expect(jp.getByTestId('reserves-root-USDT')).toHaveText(usdtRoot);
  await expect(jp.getByTestId('reserves-proof-USDT')).toContainText('77');
  await expect(jp.getByTestId('reserves-state-USDT')).toHaveText('検証済み');
  await ctx.close();
});

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { advanceServerClock, api, readCode, useLanguage, useToken } from './support/helpers.ts';
import { operatorToken } from './support/operator.ts';

/**
 * Lock staking end to end: a new user, funded by the operator's simulated deposit, locks
 * USDT in the 7-day plan (expected earnings and the early-redemption penalty shown before
 * confirming) → the server's dev clock moves one day → the accrual shows in the lock record and on
 * the assets screen → the user redeems early and pays exactly the penalty that was previewed.
 * Set EARN_SHOTS=<dir> to also save 390×844 screenshots there (en_us, and de for the plans).
 */

const SHOTS = process.env.EARN_SHOTS;
const FUND_PASSWORD = '246810';
const DAY_MS = 86_400_000;

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function admin<T>(request: APIRequestContext, path: string, body: unknown): Promise<T> {
  const res = await request.post(`/api${path}`, {
    data: body,
    headers: { authorization: await operatorToken(request), locale: 'en_us' },
  });
  const envelope = (await res.json()) as { code: number; message: string; data: T };
  if (envelope.code !== 200) throw new Error(`${path} → ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

/** A new user (e-mail sign-up through the real calls) with a fund password and 1,000 USDT deposited. */
async function fundedUser(request: APIRequestContext): Promise<{ email: string; token: string }> {
  const email = `earn-${Date.now()}-${process.pid}@example.com`;
  const { tempToken } = await api<{ tempToken: string }>(request, '/xb/v1/common/temp/token');
  await api(request, '/xb/v1/common/send/email', { email, purpose: 'register', tempToken });
  const { token } = await api<{ token: string }>(request, '/xb/v1/auth/register', {
    type: 'email',
    email,
    code: await readCode(request, email),
    password: 'abc123',
    confirmPassword: 'abc123',
    agree: true,
  });
  await api(
    request,
    '/xb/v1/account/fund-password/set',
    { fundPassword: FUND_PASSWORD, confirmPassword: FUND_PASSWORD, loginPassword: 'abc123' },
    { token },
  );
  const deposit = await admin<{ id: number }>(request, '/admin/chain/deposit', {
    user: email,
    currency: 'USDT',
    chain: 'TRC20',
    amount: '1000',
    confirmations: 0,
  });
  await admin(request, '/admin/chain/confirm', { depositId: deposit.id, confirmations: 3 });
  return { email, token };
}

test('lock, earn one day, see it in the record and the assets, redeem early with the previewed penalty', async ({
  page,
  request,
}) => {
  const user = await fundedUser(request);
  await useToken(page, user.token);

  // the plans: rate, period, limits, remaining capacity, source of the yield
  await page.goto('/lockMining');
  const plans = await api<{ items: Array<{ id: number; currency: string; lockDays: number }> }>(
    request,
    '/xb/v1/earn/plans',
  );
  const plan = plans.items.find((p) => p.currency === 'USDT' && p.lockDays === 7)!;
  const card = page.getByTestId(`plan-${plan.id}`);
  await expect(card.getByTestId('plan-rate')).toContainText('0.05%');
  await expect(card).toContainText('10 – 50,000 USDT');
  await expect(card.getByTestId('plan-remaining')).toContainText('/ 2,000,000 USDT');
  await expect(card).toContainText('staking-interest account');
  await shot(page, 'lock-mining-en_us');

  // confirm: wallet with its available balance, expected earnings and penalty before confirming
  await card.getByTestId(`subscribe-${plan.id}`).click();
  await expect(page).toHaveURL(new RegExp(`/confirmLock/${plan.id}$`));
  await expect(page.getByTestId('available-spot')).toContainText('1,000 USDT');
  const amount = page.getByTestId('lock-amount').locator('input');
  await amount.fill('0');
  await page.getByTestId('lock-fund-password').locator('input').fill(FUND_PASSWORD);
  await page.getByTestId('lock-submit').click();
  await expect(page.getByTestId('amount-error')).toHaveText('Amount must be greater than zero');
  await amount.fill('2000');
  await page.getByTestId('lock-submit').click();
  await expect(page.getByTestId('amount-error')).toHaveText('Insufficient available balance');
  await amount.fill('500');
  // 500 × 0.05 % = 0.25 a day, 7 days → 1.75; penalty 1 % of principal = 5
  await expect(page.getByTestId('preview-daily')).toHaveText('0.25 USDT');
  await expect(page.getByTestId('preview-expected')).toHaveText('1.75 USDT');
  await expect(page.getByTestId('preview-penalty')).toHaveText('5 USDT');
  const previewedPenalty = await page.getByTestId('preview-penalty').innerText();
  await shot(page, 'confirm-lock-en_us');
  await page.getByTestId('lock-submit').click();

  // the record: the new order, nothing earned yet
  await expect(page).toHaveURL(/\/lockRecord$/);
  const order = page.locator('section[data-testid^="order-"]').first();
  await expect(order.getByTestId('order-amount')).toHaveText('500 USDT');
  await expect(order.getByTestId('order-earnings')).toHaveText('0 USDT');
  await expect(order.getByTestId('order-state')).toHaveText('Locked');

  // one day later (the server's dev clock) the accrual job pays the first day
  await advanceServerClock(request, DAY_MS);
  await expect
    .poll(
      async () => {
        await page.reload();
        return order.getByTestId('order-earnings').innerText();
      },
      { message: 'the first daily accrual', timeout: 30_000 },
    )
    .toBe('0.25 USDT');
  await shot(page, 'lock-record-en_us');

  // the assets screen: principal + the day's earnings held in the earn account
  await page.goto('/property');
  await page.getByTestId('wallet-tab-earn').click();
  await expect(page.getByTestId('wallet-earn').getByTestId('frozen-USDT')).toContainText('500.25');

  // redeem early: the dialog shows the previewed penalty (plus the forfeited day), then the record
  await page.goto('/lockRecord');
  await order.getByTestId('order-redeem').click();
  await expect(page.getByTestId('dialog-principal-penalty')).toHaveText(previewedPenalty);
  await expect(page.getByTestId('dialog-forfeited')).toHaveText('0.25 USDT');
  await expect(page.getByTestId('dialog-receive')).toHaveText('495 USDT');
  await shot(page, 'redeem-dialog-en_us');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(order.getByTestId('order-state')).toHaveText('Redeemed early');
  await expect(order.getByTestId('order-penalty')).toHaveText('5.25 USDT');
  await expect(order.getByTestId('order-redeem')).toHaveCount(0);

  await page.goto('/property');
  await page.getByTestId('wallet-tab-earn').click();
  await expect(page.getByTestId('wallet-earn').getByTestId('available-USDT')).toContainText('495');
  await expect(page.getByTestId('wallet-earn').getByTestId('frozen-USDT')).toContainText('0');
});

test('the plans in German', async ({ page }) => {
  await useLanguage(page, 'de');
  await page.goto('/lockMining');
  await expect(page.getByText('Woher der Ertrag kommt:').first()).toBeVisible();
  await shot(page, 'lock-mining-de');
});

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { advanceServerClock, api, readCode, readOutbox, useLanguage, useToken } from './support/helpers.ts';
import { operatorToken } from './support/operator.ts';
import { FUND_PASSWORD, TRON_ADDRESS, userWithPendingKyc } from './support/users.ts';

/**
 * The money core end to end (deposit, transfer, convert, withdrawal): an operator credits a simulated deposit → the assets screen
 * shows it (credited at 1 confirmation, withdrawable only at 3) → transfer to futures and back →
 * convert → withdrawal application → the operator approves, the chain confirms → the record shows
 * completed. The user is verified (basic KYC) through the real calls first.
 * Set WALLET_SHOTS=<dir> to also save 390×844 screenshots there.
 */

const SHOTS = process.env.WALLET_SHOTS;
const input = (page: Page, testId: string) => page.getByTestId(testId).locator('input');

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

/** A new user with e-mail and phone bound, a fund password, and basic verification approved. */
async function verifiedUser(request: APIRequestContext): Promise<{ id: number; email: string; token: string }> {
  const { email, token } = await userWithPendingKyc(request, 'wallet');
  const queue = await admin<{ items: Array<{ id: number; email: string | null }> }>(request, '/admin/kyc/queue', {
    state: 'pending',
    level: 'basic',
    size: 100,
  });
  const application = queue.items.find((i) => i.email === email);
  if (!application) throw new Error(`no pending basic application of ${email}`);
  await admin(request, '/admin/kyc/approve', { id: application.id });
  const me = await api<{ id: number }>(request, '/xb/v1/account/info', {}, { token });
  return { id: me.id, email, token };
}

/** The code of the NEXT message to `to` (the outbox also holds the sign-up code). */
async function nextCode(request: APIRequestContext, to: string, before: number): Promise<string> {
  await expect
    .poll(async () => (await readOutbox(request, to)).length, { message: `a new code sent to ${to}` })
    .toBeGreaterThan(before);
  return readCode(request, to);
}

test('deposit → assets → transfer there and back → convert → withdraw → approved → completed', async ({ page }) => {
  test.setTimeout(180_000);
  const request = page.request;
  const user = await verifiedUser(request);
  await useToken(page, user.token);

  // the operator credits a simulated deposit with 1 confirmation: usable, not yet withdrawable
  const deposit = await admin<{ id: number; status: string }>(request, '/admin/chain/deposit', {
    user: user.id,
    currency: 'USDT',
    chain: 'TRC20',
    amount: '1000',
    confirmations: 1,
  });
  expect(deposit.status).toBe('credited');
  await page.goto('/property');
  await expect(page.getByTestId('available-USDT')).toHaveText('1,000');
  await expect(page.getByTestId('withdrawable-USDT')).toHaveText('0');
  await expect(page.getByTestId('locked-USDT')).toContainText('1,000 USDT');
  await expect(page.getByTestId('assets-total-value')).toHaveText('1,000.00');
  await expect(page.getByTestId('demo-badge').first()).toBeVisible();
  await shot(page, 'property-credited-en');

  // the deposit screen: address, QR code, the rules, the record with its confirmations
  await page.getByTestId('action-deposit').click();
  await expect(page).toHaveURL(/\/recharge$/);
  await expect(page.getByTestId('deposit-address')).toHaveText(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  await expect(page.getByTestId('deposit-qr')).toBeVisible();
  await expect(page.getByTestId('deposit-rules')).toContainText(
    'Credited after 1 confirmation; withdrawable after 3 confirmations.',
  );
  await expect(page.getByTestId('deposit-status').first()).toHaveText('Credited');
  await expect(page.getByTestId('deposit-confirmations').first()).toHaveText('1 confirmations');
  await shot(page, 'recharge-en');

  // 3 confirmations: withdrawable
  await admin(request, '/admin/chain/confirm', { depositId: deposit.id, confirmations: 3 });
  await page.goto('/property');
  await expect(page.getByTestId('withdrawable-USDT')).toHaveText('1,000');
  await expect(page.getByTestId('locked-USDT')).toHaveCount(0);

  // transfer 200 to futures: over-balance is refused first, on the page
  await page.getByTestId('action-transfer').click();
  await expect(page).toHaveURL(/\/transfer$/);
  await expect(page.getByTestId('transfer-available')).toHaveText('1,000 USDT');
  await input(page, 'input-amount').fill('5000');
  await page.getByTestId('submit-transfer').click();
  await expect(page.getByTestId('error-amount')).toHaveText('Insufficient balance');
  await input(page, 'input-amount').fill('200');
  await page.getByTestId('submit-transfer').click();
  await expect(page.getByTestId('transfer-available')).toHaveText('800 USDT');
  // and back: swap the wallets
  await page.getByTestId('swap-wallets').click();
  await expect(page.getByTestId('transfer-available')).toHaveText('200 USDT');
  await input(page, 'input-amount').fill('200');
  await page.getByTestId('submit-transfer').click();
  await expect(page.getByTestId('transfer-available')).toHaveText('0 USDT');
  await page.goto('/property');
  await page.getByTestId('wallet-tab-futures').click();
  await expect(page.getByTestId('wallet-futures').getByTestId('available-USDT')).toHaveText('0');
  await page.getByTestId('wallet-tab-spot').click();
  await expect(page.getByTestId('available-USDT')).toHaveText('1,000');

  // convert 100 USDT to BTC with a live quote
  await page.getByTestId('action-convert').click();
  await expect(page).toHaveURL(/\/convert$/);
  await input(page, 'input-amount').fill('100');
  await page.getByTestId('get-quote').click();
  await expect(page.getByTestId('convert-quote')).toBeVisible();
  await expect(page.getByTestId('quote-countdown')).toContainText(/Quote valid for \d+ s/);
  await expect(page.getByTestId('convert-receive')).toHaveText(/^0\.\d+ BTC$/);
  await shot(page, 'convert-quote-en');
  await page.getByTestId('execute-convert').click();
  await expect(page.getByTestId('convert-available')).toHaveText('900 USDT');
  await page.goto('/convertRecord');
  await expect(page.getByTestId('convert-record')).toHaveCount(1);
  await expect(page.getByTestId('convert-record')).toContainText('USDT → BTC');

  // the ledger history shows every movement, filterable by type
  await page.goto('/property/coinRecord');
  await expect(page.getByTestId('ledger-record').first()).toBeVisible();
  await page.getByTestId('type-transfer').click();
  await expect(page.getByTestId('ledger-record')).toHaveCount(4); // two transfers, two postings each
  await page.getByTestId('type-deposit').click();
  await expect(page.getByTestId('ledger-record')).toHaveCount(1);
  await expect(page.getByTestId('ledger-record')).toContainText('+1,000');
  await shot(page, 'coin-record-en');

  // withdraw 150 USDT on TRC20: fund password + e-mail code
  await page.goto('/withdraw');
  await expect(page.getByTestId('kyc-notice')).toHaveCount(0);
  await expect(page.getByTestId('withdrawable')).toHaveText('900');
  await input(page, 'input-address').fill(TRON_ADDRESS);
  await input(page, 'input-amount').fill('150');
  await expect(page.getByTestId('withdraw-fee')).toHaveText('1 USDT');
  await expect(page.getByTestId('withdraw-receive')).toHaveText('149 USDT');
  await input(page, 'input-fund-password').fill(FUND_PASSWORD);
  // one code per address a minute: move the server's clock past the sign-up code's resend wait
  await advanceServerClock(request, 61_000);
  const before = (await readOutbox(request, user.email)).length;
  await page.getByTestId('send-code').click();
  await input(page, 'input-code').fill(await nextCode(request, user.email, before));
  await shot(page, 'withdraw-form-en');
  await page.getByTestId('submit-withdraw').click();
  await expect(page.getByTestId('withdraw-success')).toHaveText('Withdrawal application successful');
  await page.locator('.adm-dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('withdrawal-status').first()).toHaveText('Pending');
  await expect(page.getByTestId('withdrawable')).toHaveText('750');

  // the operator approves (sent through the simulated chain), the chain confirms
  const pending = await admin<{ items: Array<{ id: number; userId: number }> }>(request, '/admin/wallet/withdrawals', {
    status: 'pending',
    size: 100,
  });
  const mine = pending.items.find((w) => w.userId === user.id);
  if (!mine) throw new Error('the withdrawal is not in the review queue');
  await admin(request, '/admin/wallet/withdrawals/approve', { id: mine.id });
  await admin(request, '/admin/chain/confirm', { withdrawalId: mine.id });
  await page.reload();
  await expect(page.getByTestId('withdrawal-status').first()).toHaveText('Completed');
  await expect(page.getByTestId('cancel-withdrawal')).toHaveCount(0);
  await shot(page, 'withdraw-completed-en');

  await page.goto('/property');
  await expect(page.getByTestId('available-USDT')).toHaveText('750');
  await expect(page.getByTestId('frozen-USDT')).toHaveText('0');
});

test('an unverified user is led to identity verification; the address book; another language', async ({ page }) => {
  const request = page.request;
  const email = `wallet-nokyc-${Date.now()}-${process.pid}@example.com`;
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
  await useToken(page, token);

  // no verification: the withdrawal screen says so before anything is typed; the way to verify (binding
  // the phone first) comes back to the same form with what was typed
  await page.goto('/withdraw?currency=USDT');
  await expect(page.getByTestId('kyc-notice')).toBeVisible();
  await page.getByTestId('chain-TRC20').click();
  await input(page, 'input-address').fill(TRON_ADDRESS);
  await input(page, 'input-amount').fill('12.5');
  await page.getByTestId('kyc-go').click();
  await expect(page).toHaveURL(/\/mine\/identity\?returnTo=/);
  await expect(page.getByTestId('kyc-start-basic')).toBeDisabled();
  await page.getByTestId('kyc-bind-phone').click();
  await expect(page).toHaveURL(/\/mine\/phone\?returnTo=/);
  const phone = String(5550000000 + Math.floor(Math.random() * 9_999_999));
  await input(page, 'input-phone').fill(phone);
  await page.getByTestId('send-code').click();
  await input(page, 'input-code').fill(await readCode(request, `+1${phone}`));
  await page.getByTestId('submit-phone').click();
  await expect(page).toHaveURL(/\/mine\/identity\?returnTo=/);
  await page.getByTestId('kyc-start-basic').click();
  await expect(page).toHaveURL(/\/mine\/identityBase\?returnTo=/);
  await input(page, 'input-real-name').fill('Anna Müller');
  await input(page, 'input-id-number').fill(`X${Date.now()}`);
  await page.getByTestId('input-country').click();
  await page.getByTestId('country-search').locator('input').fill('germ');
  await page.getByTestId('country-DE').click();
  await page.getByTestId('submit-basic').click();
  await expect(page).toHaveURL(/\/withdraw\?currency=USDT$/);
  await expect(page.getByTestId('chain-TRC20')).toHaveAttribute('aria-pressed', 'true');
  await expect(input(page, 'input-address')).toHaveValue(TRON_ADDRESS);
  await expect(input(page, 'input-amount')).toHaveValue('12.5');
  // the draft filled the form once: a later visit starts empty
  await page.reload();
  await expect(input(page, 'input-address')).toHaveValue('');

  // the address book: a wrong checksum is refused, a good address is saved, then deleted after confirming
  await page.goto('/mine/coinAddress');
  await expect(page.getByTestId('addresses-empty')).toBeVisible();
  await page.getByTestId('add-address').click();
  await expect(page).toHaveURL(/\/mine\/addCoinAddress$/);
  await input(page, 'input-address').fill(TRON_ADDRESS.slice(0, -1) + 'u');
  await page.getByTestId('submit-address').click();
  await expect(page.getByTestId('error-address')).toBeVisible();
  await input(page, 'input-address').fill(TRON_ADDRESS);
  await input(page, 'input-remark').fill('cold wallet');
  await page.getByTestId('submit-address').click();
  await expect(page).toHaveURL(/\/mine\/coinAddress$/);
  await expect(page.getByTestId('address-item')).toHaveCount(1);
  await expect(page.getByTestId('address-item')).toContainText(TRON_ADDRESS);
  await page.getByTestId('delete-address').click();
  await page.locator('.adm-dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('addresses-empty')).toBeVisible();

  // German: the assets screen and the bank withdrawal preview
  await useLanguage(page, 'de');
  await page.goto('/property');
  await expect(page.getByTestId('action-deposit')).toContainText('Einzahlen');
  await expect(page.getByTestId('available-USDT')).toHaveText('0');
  await shot(page, 'property-empty-de');
  await page.goto('/withdrawBank');
  await input(page, 'input-amount').fill('1000');
  await expect(page.getByTestId('bank-fee')).toHaveText('10 USDT');
  await expect(page.getByTestId('bank-receive')).toHaveText('990 USDT');
  await shot(page, 'withdraw-bank-de');
});

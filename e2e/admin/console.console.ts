import { expect, test, type Page } from '@playwright/test';
import { api, totpAtServerTime } from '../support/helpers.ts';
import { applyWithdrawal, setupLinkPath, userWithPendingKyc } from './console-helpers.ts';

/**
 * A day at the console, in order, on a fresh server: the first super admin from the setup link, a
 * second operator created from the console, KYC approved, a test deposit credited, withdrawals
 * approved and rejected, an adjustment under four eyes, and a notice published that the retail API
 * then serves. Screens are saved for the README when TM_SCREENSHOTS is set.
 */
test.describe.configure({ mode: 'serial' });

const SHOTS = process.env.TM_SCREENSHOTS ? 'apps/admin/docs/screenshots' : '';
const PASSWORD = 'a-long-password-1';
let boss: Page;
let user: { email: string; token: string; realName: string };
let second: { email: string; secret: string };

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  await page.waitForTimeout(600); // drawers and messages finish their animation
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

test.beforeAll(async ({ browser }) => {
  boss = await browser.newPage();
});
test.afterAll(async () => {
  await boss?.close();
});

test('the first operator is created from the one-time setup link, with the authenticator enrolled by QR', async () => {
  await boss.goto(await setupLinkPath());
  await boss.getByLabel('E-mail').fill('boss@example.com');
  await shot(boss, 'setup');
  await boss.getByRole('button', { name: 'Next' }).click();
  await expect(boss.locator('canvas')).toBeVisible(); // the QR code
  const secret = (await boss.locator('[data-qa=totp-secret]').textContent())!.trim();
  await boss.getByLabel('Name').fill('Boss');
  await boss.getByLabel('Password').fill(PASSWORD);
  await boss.getByLabel('Authenticator code').fill(await totpAtServerTime(boss.request, secret));
  await boss.getByRole('button', { name: 'Create and sign in' }).click();
  await expect(boss.locator('[data-qa=me]')).toHaveText('Boss');
  await expect(boss.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // the link worked once
  const again = await boss.request.post('/api/admin/setup/begin', {
    data: { token: (await setupLinkPath()).split('#')[1], email: 'x@example.com' },
  });
  expect(again.status()).toBe(410);
});

test('the super admin creates a finance and compliance operator, who signs in with password and code', async ({
  browser,
}) => {
  await boss.goto('/admin/operators');
  await boss.locator('[data-qa=operator-new]').click();
  const dialog = boss.getByRole('dialog');
  second = { email: 'second@example.com', secret: '' };
  await dialog.getByLabel('E-mail').fill(second.email);
  await dialog.getByLabel('Name').fill('Second');
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByLabel('Roles').click();
  await boss.locator('.ant-select-item-option[title="Finance"]').click();
  await boss.locator('.ant-select-item-option[title="Compliance"]').click();
  await boss.locator('.ant-select-item-option[title="Support"]').click(); // the default, taken off
  await dialog.locator('.ant-modal-title').click(); // closes the role list
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  second.secret = (await boss.locator('[data-qa=new-operator-secret]').textContent())!.trim();
  await boss.keyboard.press('Escape');
  await expect(boss.getByRole('cell', { name: second.email })).toBeVisible();
  await shot(boss, 'operators');

  // the new operator signs in; a screen outside their roles refuses clearly
  const page = await browser.newPage();
  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill(second.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Authenticator code').fill(await totpAtServerTime(page.request, second.secret));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('[data-qa=me]')).toHaveText('Second');
  await page.goto('/admin/operators');
  await expect(page.getByText('Not for your role')).toBeVisible();
  await shot(page, 'refused');
  await page.close();
});

test('a KYC application is approved from the queue', async () => {
  user = await userWithPendingKyc(boss.request);
  await boss.goto('/admin/kyc');
  await boss.getByRole('row', { name: new RegExp(user.email) }).click();
  await expect(boss.getByText(user.realName)).toBeVisible();
  await shot(boss, 'kyc');
  await boss.locator('[data-qa=kyc-approve]').click();
  await expect(boss.getByText('Application approved')).toBeVisible();
  const status = await api<{ basic: { state: string } }>(boss.request, '/xb/v1/kyc/status', {}, { token: user.token });
  expect(JSON.stringify(status)).toContain('approved');
});

test('a test deposit is credited, then one withdrawal is approved and another rejected with a reason', async () => {
  await boss.goto('/admin/deposits');
  await boss.locator('[data-qa=deposit-user]').fill(user.email);
  await boss.locator('[data-qa=deposit-amount]').fill('500');
  await boss.getByLabel('Confirmations').fill('3');
  await boss.locator('[data-qa=deposit-submit]').click();
  await expect(boss.getByText('Test deposit recorded')).toBeVisible();
  await expect(boss.getByRole('cell', { name: '500', exact: true })).toBeVisible();
  await shot(boss, 'deposits');

  const approveId = await applyWithdrawal(boss.request, user, '150');
  const rejectId = await applyWithdrawal(boss.request, user, '120');
  await boss.goto('/admin/withdrawals');
  await shot(boss, 'withdrawals');
  // the reviewer sees the user's limits and history before deciding
  await boss.locator('[data-qa^=user-]').first().click();
  await expect(boss.getByText('Left today')).toBeVisible();
  await shot(boss, 'withdrawal-review');
  await boss.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await boss.locator(`[data-qa=approve-${approveId}]`).click();
  await expect(boss.getByText('Withdrawal approved')).toBeVisible();
  await boss.locator(`[data-qa=reject-${rejectId}]`).click();
  await boss.locator('[data-qa=reason]').fill('The address is on a sanctions list');
  await boss.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(boss.getByText('Withdrawal rejected')).toBeVisible();

  const records = await api<{ items: Array<{ id: number; status: string; reason: string | null }> }>(
    boss.request,
    '/xb/v1/wallet/withdraw/records',
    {},
    { token: user.token },
  );
  expect(records.items.find((r) => r.id === approveId)?.status).toBe('sent');
  expect(records.items.find((r) => r.id === rejectId)).toMatchObject({
    status: 'rejected',
    reason: 'The address is on a sanctions list',
  });
});

test('a user is found by e-mail, their page shows the balance, and withdrawals are paused then resumed', async () => {
  await boss.goto('/admin/users');
  await boss.locator('[data-qa=user-search] input').fill(user.email);
  await boss.locator('[data-qa=user-search] input').press('Enter');
  await boss.getByRole('row', { name: new RegExp(user.email) }).click();
  await expect(boss.locator('[data-qa=user-title]')).toContainText('User #');
  await expect(boss.getByText(user.email)).toBeVisible();
  // 500 credited, 150 sent, 120 refunded on rejection (fees aside): a USDT row in the spot wallet
  await expect(boss.locator('[data-qa=user-balances]').getByRole('cell', { name: 'USDT' })).toBeVisible();
  await shot(boss, 'user');

  await boss.locator('[data-qa=user-freeze]').click();
  await boss.locator('[data-qa=reason]').fill('Card chargeback under review');
  await boss.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(boss.locator('[data-qa=withdraw-freeze]')).toContainText('paused by an operator');
  const refused = await boss.request.post('/api/xb/v1/wallet/withdraw', {
    headers: { authorization: user.token },
    data: {
      requestId: `console-frozen-${Date.now()}`,
      currency: 'USDT',
      chain: 'TRC20',
      address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      amount: '10',
      fundPassword: '246810',
      code: '000000',
    },
  });
  expect(((await refused.json()) as { error: string }).error).toBe('WITHDRAW_FROZEN');

  await boss.locator('[data-qa=user-freeze]').click();
  await boss.locator('[data-qa=reason]').fill('Chargeback withdrawn');
  await boss.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(boss.locator('[data-qa=withdraw-freeze]')).toHaveCount(0);
});

test('an adjustment proposed by one operator is approved by another, and the audit log names both', async ({
  browser,
}) => {
  await boss.goto('/admin/adjustments');
  await boss.locator('[data-qa=adj-user]').fill('1');
  await boss.locator('[data-qa=adj-amount]').fill('12.5');
  await boss.locator('[data-qa=adj-reason]').fill('Goodwill credit for a delayed deposit');
  await boss.locator('[data-qa=adj-propose]').click();
  await expect(boss.getByText('Proposed: waiting for a second operator')).toBeVisible();
  await expect(boss.getByText('Waiting for another operator')).toBeVisible();
  await shot(boss, 'adjustments');

  const page = await browser.newPage();
  await page.goto('/admin/login');
  await api(page.request, '/dev/clock/advance', { ms: 31_000 }); // a new authenticator step for this sign-in
  await page.getByLabel('E-mail').fill(second.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Authenticator code').fill(await totpAtServerTime(page.request, second.secret));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('[data-qa=me]')).toHaveText('Second');
  await page.goto('/admin/adjustments');
  await page.locator('[data-qa^=adj-approve-]').first().click();
  await expect(page.getByText('Approved and posted to the journal')).toBeVisible();
  await page.close();

  await boss.goto('/admin/audit');
  for (const action of ['adjustment.propose', 'adjustment.approve']) {
    await boss.locator('[data-qa=audit-action]').fill(action);
    await boss.getByRole('button', { name: 'Filter' }).click();
    await expect(boss.getByRole('cell', { name: action, exact: true })).toHaveCount(1);
  }
  await boss.locator('[data-qa=audit-action]').fill('');
  await boss.getByRole('button', { name: 'Filter' }).click();
  await shot(boss, 'audit');
});

test('a ticket from the retail app is answered from the queue, and the user sees the reply', async () => {
  const { id } = await api<{ id: number }>(
    boss.request,
    '/xb/v1/support/ticket/create',
    { title: 'Where is my deposit?', content: 'I sent 500 USDT an hour ago.', images: [] },
    { token: user.token },
  );
  await boss.goto('/admin/tickets');
  await boss.getByRole('row', { name: /Where is my deposit\?/ }).click();
  await boss.getByRole('dialog').getByLabel('Reply').fill('It was credited at 3 confirmations; you can use it now.');
  await boss.getByRole('button', { name: 'Send reply' }).click();
  await expect(boss.getByText('Reply sent: the user is notified')).toBeVisible();
  await shot(boss, 'tickets');
  const thread = await api<{ state: string; messages: Array<{ author: string; content: string }> }>(
    boss.request,
    '/xb/v1/support/ticket/detail',
    { id },
    { token: user.token },
  );
  expect(thread.state).toBe('replied');
  expect(thread.messages.at(-1)).toMatchObject({ author: 'operator', content: expect.stringContaining('credited') });
});

test('a notice published from the console is served by the retail API', async () => {
  await boss.goto('/admin/content');
  await boss.locator('[data-qa=content-new]').click();
  await boss.locator('[data-qa=title-en_us]').fill('Maintenance on Sunday');
  await boss.locator('[data-qa=body-en_us]').fill('<p>Deposits pause <b>02:00–03:00 UTC</b>.</p><script>x()</script>');
  await boss.getByRole('button', { name: 'Preview as users see it' }).first().click();
  await expect(boss.locator('[data-qa=content-preview] b')).toHaveText('02:00–03:00 UTC');
  await expect(boss.locator('[data-qa=content-preview] script')).toHaveCount(0);
  await shot(boss, 'content');
  await boss.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(boss.getByText('Saved')).toBeVisible();

  const list = await api<{ list: Array<{ title: string }> }>(boss.request, '/xb/v1/content/list', {
    type: 'notice',
    page: 1,
    size: 20,
  });
  expect(list.list.map((n) => n.title)).toContain('Maintenance on Sunday');

  await boss.goto('/admin/');
  await boss.locator('[data-qa=ledger-check]').click();
  await expect(boss.locator('[data-qa=ledger-result]')).toContainText('The ledger balances');
  await shot(boss, 'dashboard');
});

test('a spot market is halted with a reason, refuses orders, is reopened, and the audit log has both', async () => {
  const order = () =>
    boss.request.post('/api/xb/v1/spot/order/place', {
      headers: { authorization: user.token },
      data: {
        clientOrderId: `console-halt-${Date.now()}`,
        symbol: 'BTCUSDT',
        side: 'buy',
        type: 'limit',
        price: '1000',
        quantity: '0.01',
      },
    });
  await boss.goto('/admin/markets');
  await expect(boss.locator('[data-qa=market-status-BTCUSDT]')).toHaveText('Trading');
  await boss.locator('[data-qa=market-halted-BTCUSDT]').click();
  await expect(boss.getByRole('dialog')).toContainText('BTCUSDT: switch to Halted?');
  await boss.locator('[data-qa=reason]').fill('Index feed incident');
  await boss.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(boss.locator('[data-qa=market-status-BTCUSDT]')).toHaveText('Halted');
  await shot(boss, 'markets');
  expect(((await (await order()).json()) as { error: string }).error).toBe('MARKET_HALTED');

  await boss.locator('[data-qa=market-trading-BTCUSDT]').click();
  await boss.locator('[data-qa=reason]').fill('Feed restored');
  await boss.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(boss.locator('[data-qa=market-status-BTCUSDT]')).toHaveText('Trading');
  expect(((await (await order()).json()) as { error?: string }).error).not.toBe('MARKET_HALTED');

  await boss.goto('/admin/audit');
  await boss.locator('[data-qa=audit-action]').fill('market.status');
  await boss.getByRole('button', { name: 'Filter' }).click();
  await expect(boss.getByRole('cell', { name: 'market.status', exact: true })).toHaveCount(2);
  await expect(boss.getByText('Index feed incident')).toBeVisible();
});

test('a spot market’s taker fee is changed after a confirmation of old → new, and the audit log has it', async () => {
  await boss.goto('/admin/markets');
  await boss.locator('[data-qa=market-edit-ETHUSDT]').click();
  await boss.locator('[data-qa=parameter-takerFee]').fill('0.0012');
  await boss.getByRole('dialog').getByRole('button', { name: 'Review' }).click();
  await expect(boss.getByRole('dialog')).toContainText('ETHUSDT: change these terms?');
  await expect(boss.locator('[data-qa=parameter-changes]')).toHaveText(/Taker fee\s*0\.001 → 0\.0012/);
  await boss.locator('[data-qa=reason]').fill('Taker fee review');
  await boss.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(boss.getByRole('row', { name: /ETHUSDT/ })).toContainText('0.0012');

  await boss.goto('/admin/audit');
  await boss.locator('[data-qa=audit-action]').fill('market.parameters');
  await boss.getByRole('button', { name: 'Filter' }).click();
  await expect(boss.getByRole('cell', { name: 'market.parameters', exact: true })).toHaveCount(1);
  await expect(boss.getByText('Taker fee review')).toBeVisible();
});

test('the ledger explorer reconciles, opens an account and a transaction that sums to zero, and exports CSV', async () => {
  await boss.goto('/admin/ledger');
  await boss.locator('[data-qa=ledger-run-check]').click();
  await expect(boss.locator('[data-qa=ledger-report]')).toContainText('The ledger balances');

  // the fee account: the approved withdrawal paid its fee into it
  await boss.getByLabel('System account').click();
  await boss.locator('.ant-select-item-option[title="fees"]').click();
  await boss.locator('[data-qa=ledger-filter]').click();
  await boss.getByRole('row', { name: /fees/ }).first().click();
  const account = boss.getByRole('dialog');
  await expect(account).toContainText('Account #');
  const download = boss.waitForEvent('download');
  await account.locator('[data-qa=ledger-export]').click();
  expect((await download).suggestedFilename()).toMatch(/^ledger-account-\d+\.csv$/);
  await account.locator('.ant-table-row').first().click();
  await expect(boss.locator('[data-qa=tx-sum]').first()).toHaveText(/ 0$/);
  await shot(boss, 'ledger');

  // the other market tabs: cycle products and earn plans as configured
  await boss.goto('/admin/markets');
  await boss.getByRole('tab', { name: 'Cycle products' }).click();
  await expect(boss.getByRole('cell', { name: 'BTCUSDT' }).first()).toBeVisible();
  await boss.getByRole('tab', { name: 'Earn plans' }).click();
  await expect(boss.getByRole('cell', { name: 'USDT' }).first()).toBeVisible();
});

test('the live chat console answers a user over the socket, with typing and read marks', async () => {
  await boss.goto('/admin/chat');
  await expect(boss.locator('[data-qa=chat-state]')).toHaveText('live');

  // the user's side, as the retail app holds it: one socket signed in with the user's token
  const url = new URL('/api/ws/support', boss.url()).toString().replace(/^http/, 'ws');
  const socket = new WebSocket(url);
  const received: Array<{ type: string; message?: { sender: string; content: string } }> = [];
  socket.onmessage = (m) => received.push(JSON.parse(String(m.data)));
  await new Promise((resolve) => (socket.onopen = resolve));
  socket.send(JSON.stringify({ type: 'auth', token: user.token }));
  await expect.poll(() => received.some((e) => e.type === 'ready')).toBe(true);
  socket.send(JSON.stringify({ type: 'message', content: 'Is the BTC market open again?' }));

  await boss.getByText('Is the BTC market open again?').first().click();
  await expect(boss.locator('[data-qa=chat-thread]')).toContainText('Is the BTC market open again?');
  socket.send(JSON.stringify({ type: 'typing' }));
  await expect(boss.locator('[data-qa=chat-typing]')).toHaveText('typing…');

  await boss.locator('[data-qa=chat-input]').fill('Yes, it reopened a minute ago.');
  await boss.locator('[data-qa=chat-send]').click();
  await expect
    .poll(() => received.find((e) => e.type === 'message' && e.message?.sender === 'agent')?.message?.content)
    .toBe('Yes, it reopened a minute ago.');
  await expect(boss.locator('[data-qa=chat-thread]')).toContainText('delivered');
  socket.send(JSON.stringify({ type: 'read' }));
  await expect(boss.locator('[data-qa=chat-thread]')).toContainText('read');
  await expect(boss.locator('[data-qa=chat-thread]')).not.toContainText('delivered');

  // a canned reply in the user's language goes into the draft; the conversation is handed to an agent
  await boss.locator('[data-qa=canned-open]').click();
  await boss.locator('[data-qa=canned-title]').fill('Markets reopened');
  await boss.locator('[data-qa=canned-body]').fill('The market is open again; your orders are accepted.');
  await boss.locator('[data-qa=canned-add]').click();
  await expect(boss.getByText('Canned reply saved')).toBeVisible();
  await boss.keyboard.press('Escape');
  // the drawer hands the focus back to the button that opened it when its closing motion ends: wait for that,
  // or the focus leaves the list below and Enter no longer picks the reply
  await expect(boss.locator('.ant-drawer-content-wrapper')).toBeHidden();
  await boss.locator('[data-qa=chat-canned]').click();
  // chosen with the keyboard: while the list settles, a pointer click can land on the reply box below it
  await expect(boss.locator('.ant-select-item-option[title="Markets reopened"]')).toBeVisible();
  await expect(boss.locator('[data-qa=chat-canned] input')).toBeFocused();
  await boss.keyboard.press('Enter');
  await expect(boss.locator('[data-qa=chat-input]')).toHaveValue('The market is open again; your orders are accepted.');
  await boss.locator('[data-qa=chat-assign]').click();
  await boss.locator('.ant-select-item-option[title="Boss"]').click();
  await expect(boss.getByText('Handed over: every agent sees the new owner')).toBeVisible();
  await expect(boss.locator('[data-qa^=chat-assignee-]')).toHaveText('Boss');
  await shot(boss, 'chat');
  socket.close();
});

test('a proof-of-reserves snapshot is published from the console, served publicly, and in the audit log', async () => {
  await boss.goto('/admin/reserves');
  await boss.locator('[data-qa=reserves-publish]').click();
  const ok = boss.locator('.ant-popconfirm').getByRole('button', { name: 'OK' });
  await expect(ok).toBeVisible();
  // the call's own answer, so a failure says what the server said (or that no call was made)
  const answered = boss.waitForResponse((r) => r.url().endsWith('/api/admin/reserves/snapshot'), { timeout: 30_000 });
  await ok.click();
  const answer = await answered;
  expect(answer.status(), await answer.text()).toBe(200);
  await expect(boss.getByText('Snapshot published')).toBeVisible();
  const published = await api<{ snapshots: { id: number; currencies: { currency: string; rootHash: string }[] }[] }>(
    boss.request,
    '/xb/v1/reserves/snapshots',
    { limit: 1 },
  );
  const snap = published.snapshots[0]!;
  const card = boss.locator(`[data-qa=reserves-snapshot-${snap.id}]`);
  await expect(card).toContainText('Console');
  await expect(card.getByRole('cell', { name: 'USDT', exact: true })).toBeVisible();
  await expect(card).toContainText(snap.currencies.find((c) => c.currency === 'USDT')!.rootHash.slice(0, 16));
  await shot(boss, 'reserves');

  await boss.goto('/admin/audit');
  await boss.locator('[data-qa=audit-action]').fill('reserves.snapshot');
  await boss.getByRole('button', { name: 'Filter' }).click();
  await expect(boss.getByRole('cell', { name: 'reserves.snapshot', exact: true })).toHaveCount(1);
});

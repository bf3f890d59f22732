import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { api, navTitle, readCode, useLanguage, useToken } from './support/helpers.ts';
import { Agent, findTicket, operatorToken, replyToTicket } from './support/operator.ts';

/**
 * Content and support, end to end as a new user meets them: the user agreement from the sign-up
 * screen, a notice (also one an operator filled with hostile HTML), a ticket answered by the
 * support team, and a live chat with an agent — then the same screens in German.
 */

const input = (page: Page, testId: string) => page.getByTestId(testId).locator('input');
const textarea = (page: Page, testId: string) => page.getByTestId(testId).locator('textarea:not([aria-hidden="true"])'); // autoSize adds a hidden twin
const IMAGE = path.resolve(import.meta.dirname, '../apps/web/public/icons/icon-192.png');
/** Where to keep screenshots for a human to look at (optional). */
const SHOTS = process.env.TM_SHOTS_DIR;

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

let seq = 0;
const uniqueEmail = () => `e2e-content-${Date.now()}-${process.pid}-${seq++}@example.com`;

/** Registers through the screens and returns the session token. */
async function signUp(page: Page, email: string): Promise<string> {
  await input(page, 'input-email').fill(email);
  await page.getByTestId('send-code').click();
  const code = await readCode(page.request, email);
  await input(page, 'input-code').fill(code);
  await input(page, 'input-password').fill('abc123');
  await input(page, 'input-confirm-password').fill('abc123');
  await page.getByTestId('agree').click();
  await page.getByTestId('submit-register').click();
  await expect(page).toHaveURL(/\/mine$/);
  const token = await page.evaluate(() => localStorage.getItem('TOKEN'));
  expect(token).toBeTruthy();
  return token!;
}

test('a new user: agreement → sign up → notice → ticket answered → live chat', async ({ page, request }) => {
  // the user agreement, opened from the registration screen
  await page.goto('/register');
  await page.getByTestId('link-agreement').click();
  await expect(page).toHaveURL(/\/documentDetail\/user_agreement$/);
  await expect(page.getByTestId('document-user_agreement')).toBeVisible();
  await expect(navTitle(page)).not.toHaveText('Document'); // the document's own title heads the screen
  await expect(page.getByTestId('rich-text')).toContainText(/\w{3,}/);
  await shot(page, 'en_us-document');
  await page.goBack();
  await expect(page).toHaveURL(/\/register$/);

  const token = await signUp(page, uniqueEmail());

  // an operator publishes a notice with hostile HTML; the app shows its text and runs nothing
  const op = await operatorToken(request);
  const hostile = `Maintenance ${Date.now()}`;
  const save = await request.post('/api/admin/content/item/save', {
    headers: { authorization: op },
    data: {
      type: 'notice',
      texts: {
        en_us: {
          title: `${hostile}<script>window.__pwned=1</script>`,
          summary: 'Deposits pause <b onmouseover=alert(1)>briefly</b>',
          body: '<p>Deposits pause for ten minutes.</p><img src=x onerror="window.__pwned=2"><script>window.__pwned=3</script><a href="javascript:window.__pwned=4">details</a><iframe src="https://evil.example"></iframe>',
        },
      },
    },
  });
  expect((await save.json()).code).toBe(200);

  // the home strip shows the newest notices; the list marks unread ones
  await page.goto('/home');
  await expect(page.getByTestId('notice-strip')).toBeVisible();
  await shot(page, 'en_us-home');
  await page.goto('/announcement');
  const item = page.getByTestId('notice-list').locator('[data-unread="true"]', { hasText: hostile });
  await expect(item).toBeVisible();
  await shot(page, 'en_us-announcements');
  await item.click();
  await expect(page).toHaveURL(/\/announcementDetail\/\d+$/);
  await expect(page.getByTestId('content-title')).toContainText(hostile);
  await expect(page.getByTestId('rich-text')).toContainText('Deposits pause for ten minutes.');
  const body = page.getByTestId('rich-text');
  await expect(body.locator('script, iframe, [onerror], [onmouseover]')).toHaveCount(0);
  await expect(body.locator('a[href^="javascript" i]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await shot(page, 'en_us-announcement-detail');
  // opened = read
  await page.goBack();
  await expect(page.getByTestId('notice-list').locator('[data-unread="false"]', { hasText: hostile })).toBeVisible();

  // the help centre finds articles
  await page.goto('/mine/helpCenter');
  await expect(page.getByTestId('help-articles')).toBeVisible();
  await shot(page, 'en_us-help');

  // a ticket: the empty form is refused in the user's language, then sent with an image
  await page.goto('/mine/addQuestion');
  await page.getByTestId('ticket-submit').click();
  await expect(page.getByTestId('error-title')).toHaveText('Please enter a title');
  await expect(page.getByTestId('error-content')).toHaveText('Please describe your question');
  const title = `Where is my deposit ${Date.now()}`;
  await input(page, 'ticket-title').fill(title);
  await textarea(page, 'ticket-content').fill('I sent 50 USDT an hour ago and it has not arrived.');
  await page.getByTestId('ticket-images').getByTestId('image-input').setInputFiles(IMAGE);
  await expect(page.getByTestId('ticket-images').getByTestId('picked-image')).toHaveCount(1);
  await shot(page, 'en_us-add-question');
  await page.getByTestId('ticket-submit').click();
  await expect(page).toHaveURL(/\/mine\/questionRecord\/\d+$/);
  await expect(page.getByTestId('ticket-state')).toHaveText('Waiting for reply');
  await expect(page.getByTestId('private-image')).toHaveCount(1); // the user's own image, read with the session

  // the support team replies; the user sees "replied" and the answer in the thread
  const ticket = await findTicket(request, title);
  await replyToTicket(request, ticket.id, 'Your deposit was credited after 1 confirmation.');
  await page.goto('/mine/questionRecord');
  await expect(page.getByTestId(`ticket-${ticket.id}`).getByTestId('ticket-state')).toHaveText('Replied');
  await shot(page, 'en_us-question-record');
  await page.getByTestId(`ticket-${ticket.id}`).click();
  await expect(page.getByTestId('ticket-message-operator')).toContainText(
    'Your deposit was credited after 1 confirmation.',
  );
  await textarea(page, 'ticket-followup').fill('Thank you, it is there now.');
  await page.getByTestId('ticket-followup-send').click();
  await expect(page.getByTestId('ticket-message-user')).toHaveCount(2);
  await expect(page.getByTestId('ticket-state')).toHaveText('Waiting for reply');
  await shot(page, 'en_us-ticket-detail');

  // live chat with an agent: messages both ways, typing, read state
  const agent = await Agent.connect(request);
  await page.goto('/customerService');
  await expect(page.getByTestId('chat-status')).toHaveAttribute('data-status', 'online');
  await expect(page.getByTestId('chat-agents-online')).toBeVisible();
  await textarea(page, 'chat-input').fill('Hello, can you check my withdrawal?');
  await page.getByTestId('chat-send').click();
  await expect(page.getByTestId('chat-user')).toContainText('Hello, can you check my withdrawal?');
  const userId = await agent.userOfMessage('Hello, can you check my withdrawal?');
  agent.typing(userId);
  await expect(page.getByTestId('chat-typing')).toBeVisible();
  agent.send(userId, 'Of course. It is being processed now.');
  await expect(page.getByTestId('chat-agent')).toContainText('Of course. It is being processed now.');
  await expect(page.getByTestId('chat-typing')).toBeHidden();
  agent.markRead(userId);
  await expect(page.getByTestId('chat-user').getByTestId('chat-read-state')).toHaveAttribute('data-read', 'true');
  // the page marked the agent's answer read, and the agent heard of it
  await agent.waitFor((e) => e.type === 'read' && e.by === 'user', 'the user to read the answer');
  await shot(page, 'en_us-chat');

  // an answer while the user is elsewhere shows as a badge on /mine
  await page.goto('/mine');
  agent.send(userId, 'Anything else I can do?');
  await expect
    .poll(async () => (await api<{ count: number }>(request, '/xb/v1/support/chat/unread', {}, { token })).count)
    .toBe(1);
  await page.reload();
  await expect(page.getByTestId('chat-unread-badge')).toHaveText('1');

  // with no agent online, a message becomes a ticket and the user is told so
  await agent.close();
  await page.goto('/customerService');
  await expect(page.getByTestId('chat-offline')).toBeVisible();
  await textarea(page, 'chat-input').fill('One more question about fees.');
  await page.getByTestId('chat-send').click();
  await expect(page.getByTestId('chat-system').last()).toContainText(/#\d+|\d+/);
  await page.getByTestId('chat-system-tickets').last().click();
  await expect(page).toHaveURL(/\/mine\/questionRecord$/);
  await expect(page.getByTestId('ticket-list')).toContainText('One more question about fees.');
});

test('the content and support screens speak German', async ({ page, request }) => {
  await useLanguage(page, 'de');
  await page.goto('/register');
  const token = await signUp(page, uniqueEmail());
  await useToken(page, token);

  await page.goto('/announcement');
  await expect(navTitle(page)).toHaveText('Ankündigungen');
  await expect(page.getByTestId('notice-list')).toBeVisible();
  await shot(page, 'de-announcements');

  await page.goto('/documentDetail/user_agreement');
  await expect(page.getByTestId('document-user_agreement')).toBeVisible();
  await expect(page.getByTestId('content-fallback')).toHaveCount(0); // the default documents are translated
  await shot(page, 'de-document');

  await page.goto('/mine/helpCenter');
  await expect(page.getByTestId('help-center')).toContainText('Brauchen Sie weitere Hilfe?');
  await shot(page, 'de-help');

  await page.goto('/mine/addQuestion');
  await page.getByTestId('ticket-submit').click();
  await expect(page.getByTestId('error-title')).toHaveText('Bitte geben Sie einen Betreff ein');
  // a file that is not an image is refused before it is sent
  await page
    .getByTestId('ticket-images')
    .getByTestId('image-input')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.locator('.adm-toast-main')).toHaveText('Nur JPEG-, PNG- oder WebP-Bilder können angehängt werden');
  await shot(page, 'de-add-question');

  await page.goto('/mine/questionRecord');
  await expect(page.getByTestId('tickets-empty')).toContainText('Noch keine Tickets');
  await shot(page, 'de-question-record');

  // the server's message is in German too: the title is checked there as well
  const res = await request.post('/api/xb/v1/support/ticket/create', {
    headers: { authorization: token, locale: 'de' },
    data: { title: '   ', content: 'x' },
  });
  expect(res.status()).toBe(400);

  await page.goto('/customerService');
  await expect(page.getByTestId('chat-status')).toHaveAttribute('data-status', 'online');
  await expect(page.getByTestId('chat-empty')).toContainText('Wie können wir helfen?');
  await shot(page, 'de-chat');

  await page.goto('/mine');
  await expect(page.getByTestId('mine-entry-chat')).toContainText('Kundenservice');
});

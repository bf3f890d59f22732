import { service } from '../../platform/context.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForSuite } from '../../testing/test-server.ts';

let alice: { id: number; token: string };
let bob: { id: number; token: string };
let agent: { id: number; token: string };
let contentOp: { id: number; token: string };

/** A 1×1 PNG: real image bytes, so the upload service's content sniffing accepts it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const uploads = () => service(server.built.ctx, 'uploads');
const files: string[] = [];
/** files[1] is alice's image, files[2] bob's. */
const fileOf = (n: number, ext?: string) =>
  ext || n > 2 ? `${String(n).padStart(24, 'f')}.${ext ?? 'png'}` : files[n]!;

const server = serverForSuite();
beforeAll(async () => {
  alice = await server.createUser();
  bob = await server.createUser();
  agent = await server.createOperator(['support']);
  contentOp = await server.createOperator(['content']);
  files[1] = (await uploads().save(alice.id, PNG)).fileId;
  files[2] = (await uploads().save(bob.id, PNG)).fileId;
});

describe('tickets', () => {
  let ticketId: number;

  it('creates a ticket with the caller own images', async () => {
    const res = await server.api(
      '/xb/v1/support/ticket/create',
      { title: 'Deposit missing', content: 'I sent 10 USDT an hour ago', images: [fileOf(1)] },
      { token: alice.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.state).toBe('waiting');
    ticketId = res.body.data.id;
  });

  it.each([
    { body: { title: '  ', content: 'x' }, locale: 'zh_cn', refusal: { message: '请输入标题', field: 'title' } },
    {
      body: { title: 'x', content: '' },
      locale: 'de',
      refusal: { message: 'Bitte beschreiben Sie Ihre Frage', field: 'content' },
    },
    { body: { title: '<script>alert(1)</script>', content: 'x' }, locale: 'en_us', refusal: { field: 'title' } },
    { body: { content: 'x' }, locale: 'en_us', refusal: {} },
  ])(
    'refuses a ticket without a title or content ($body) with the localized message',
    async ({ body, locale, refusal }) => {
      const res = await server.api('/xb/v1/support/ticket/create', body, { token: alice.token, locale });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject(refusal);
    },
  );

  it('refuses attachments that are not the caller images', async () => {
    const other = await server.api(
      '/xb/v1/support/ticket/create',
      { title: 't', content: 'c', images: [fileOf(2)] },
      { token: alice.token, locale: 'fr' },
    );
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({
      error: 'IMAGE_NOT_OWNED',
      message: 'Vous ne pouvez joindre que des images que vous avez vous-même envoyées',
    });
    for (const bad of ['../../etc/passwd', 'x.svg', fileOf(9, 'html'), 'a'.repeat(300)]) {
      const res = await server.api(
        '/xb/v1/support/ticket/create',
        { title: 't', content: 'c', images: [bad] },
        { token: alice.token },
      );
      expect(res.status).toBe(400);
    }
    const unknown = await server.api(
      '/xb/v1/support/ticket/create',
      { title: 't', content: 'c', images: [fileOf(77)] },
      { token: alice.token },
    );
    expect(unknown.body.error).toBe('IMAGE_INVALID');
    const tooMany = await server.api(
      '/xb/v1/support/ticket/create',
      { title: 't', content: 'c', images: Array.from({ length: 7 }, (_, i) => fileOf(100 + i)) },
      { token: alice.token },
    );
    expect(tooMany.status).toBe(400);
    const list = await server.api('/xb/v1/support/ticket/list', {}, { token: alice.token });
    expect(list.body.data.total).toBe(1);
  });

  it('strips markup from titles and content', async () => {
    const res = await server.api(
      '/xb/v1/support/ticket/create',
      { title: '<b onmouseover=alert(1)>Help</b>', content: 'price < 5 <img src=x onerror=alert(1)>' },
      { token: bob.token },
    );
    const detail = await server.api('/xb/v1/support/ticket/detail', { id: res.body.data.id }, { token: bob.token });
    expect(detail.body.data.title).toBe('Help');
    expect(detail.body.data.messages[0].content).toBe('price < 5');
  });

  it('lists only the caller tickets with their state', async () => {
    const res = await server.api('/xb/v1/support/ticket/list', { page: 1, size: 10 }, { token: alice.token });
    expect(res.body.data.list).toHaveLength(1);
    expect(res.body.data.list[0]).toMatchObject({
      id: ticketId,
      title: 'Deposit missing',
      content: 'I sent 10 USDT an hour ago',
      state: 'waiting',
    });
  });

  it("answers another user's ticket with 404", async () => {
    const detail = await server.api(
      '/xb/v1/support/ticket/detail',
      { id: ticketId },
      { token: bob.token, locale: 'kr' },
    );
    expect(detail.status).toBe(404);
    expect(detail.body.message).toBe('티켓이 존재하지 않습니다');
    const reply = await server.api(
      '/xb/v1/support/ticket/reply',
      { id: ticketId, content: 'hijack' },
      { token: bob.token },
    );
    expect(reply.status).toBe(404);
    const thread = await server.api('/xb/v1/support/ticket/detail', { id: ticketId }, { token: alice.token });
    expect(thread.body.data.messages).toHaveLength(1);
  });

  it('needs a signed-in user', async () => {
    expect((await server.api('/xb/v1/support/ticket/list', {})).status).toBe(401);
    expect((await server.api('/xb/v1/support/ticket/create', { title: 't', content: 'c' })).status).toBe(401);
  });

  it('goes waiting → replied → waiting through the thread, audited', async () => {
    const byUser = await server.api(
      '/admin/support/ticket/reply',
      { id: ticketId, content: 'x' },
      { token: alice.token },
    );
    expect(byUser.status).toBe(401);
    const byContent = await server.api(
      '/admin/support/ticket/reply',
      { id: ticketId, content: 'x' },
      { token: contentOp.token },
    );
    expect(byContent.status).toBe(403);

    const waiting = await server.api('/admin/support/ticket/list', { state: 'waiting' }, { token: agent.token });
    expect(waiting.body.data.list.map((t: { id: number }) => t.id)).toContain(ticketId);
    const reply = await server.api(
      '/admin/support/ticket/reply',
      { id: ticketId, content: 'We found it: <b>credited</b> now.' },
      { token: agent.token },
    );
    expect(reply.body.data.state).toBe('replied');
    const list = await server.api('/xb/v1/support/ticket/list', {}, { token: alice.token });
    expect(list.body.data.list[0].state).toBe('replied');

    const follow = await server.api(
      '/xb/v1/support/ticket/reply',
      { id: ticketId, content: 'Thanks!', images: [fileOf(1)] },
      { token: alice.token },
    );
    expect(follow.body.data.state).toBe('waiting');
    const thread = await server.api('/xb/v1/support/ticket/detail', { id: ticketId }, { token: alice.token });
    expect(thread.body.data.messages.map((m: { author: string; content: string }) => [m.author, m.content])).toEqual([
      ['user', 'I sent 10 USDT an hour ago'],
      ['operator', 'We found it: credited now.'],
      ['user', 'Thanks!'],
    ]);
    expect(thread.body.data.messages[2].images).toEqual([fileOf(1)]);
    const emptyReply = await server.api(
      '/xb/v1/support/ticket/reply',
      { id: ticketId, content: ' ' },
      { token: alice.token, locale: 'jp' },
    );
    expect(emptyReply.body.message).toBe('ご質問の内容を入力してください');

    const admin = await server.createOperator(['super_admin']);
    const audit = await server.api('/admin/audit/list', { limit: 500 }, { token: admin.token });
    expect(
      audit.body.data.entries.some(
        (e: { action: string; targetId: string }) =>
          e.action === 'support.ticket.reply' && e.targetId === String(ticketId),
      ),
    ).toBe(true);
    const adminDetail = await server.api('/admin/support/ticket/detail', { id: ticketId }, { token: agent.token });
    expect(adminDetail.body.data.userId).toBe(alice.id);
  });
});

describe('customer-service configuration', () => {
  it('defaults to the built-in chat with nobody online', async () => {
    const res = await server.api('/xb/v1/tpaj/info', {});
    expect(res.body.data).toEqual({
      mode: 'builtin',
      externalUrl: null,
      agentOnline: false,
      wsPath: '/api/ws/support',
    });
  });

  it('lets support switch to an external widget (https only), audited', async () => {
    for (const externalUrl of ['javascript:alert(1)', 'http://chat.example', null]) {
      const bad = await server.api(
        '/admin/support/config/save',
        { mode: 'external', externalUrl },
        { token: agent.token },
      );
      expect(bad.status).toBe(400);
    }
    const ok = await server.api(
      '/admin/support/config/save',
      { mode: 'external', externalUrl: 'https://chat.example/widget' },
      { token: agent.token },
    );
    expect(ok.status).toBe(200);
    expect((await server.api('/xb/v1/tpaj/info', {})).body.data).toMatchObject({
      mode: 'external',
      externalUrl: 'https://chat.example/widget',
    });
    expect((await server.api('/admin/support/config/get', {}, { token: agent.token })).body.data.mode).toBe('external');
    await server.api('/admin/support/config/save', { mode: 'builtin' }, { token: agent.token });
    expect((await server.api('/xb/v1/tpaj/info', {})).body.data).toMatchObject({ mode: 'builtin', externalUrl: null });
    expect(
      (await server.api('/admin/support/config/save', { mode: 'builtin' }, { token: contentOp.token })).status,
    ).toBe(403);
  });
});

describe('chat over REST', () => {
  it('files a ticket and tells the user when no agent is online', async () => {
    const carol = await server.createUser();
    const res = await server.api(
      '/xb/v1/support/chat/send',
      { content: 'Is anyone there?' },
      { token: carol.token, locale: 'de' },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.ticketId).toBeGreaterThan(0);
    expect(res.body.data.system.content).toContain(`#${res.body.data.ticketId}`);
    expect(res.body.data.system.content).toMatch(/kein Mitarbeiter online/);
    const again = await server.api('/xb/v1/support/chat/send', { content: 'Second line' }, { token: carol.token });
    expect(again.body.data.ticketId).toBe(res.body.data.ticketId);
    const ticket = await server.api(
      '/xb/v1/support/ticket/detail',
      { id: res.body.data.ticketId },
      { token: carol.token },
    );
    expect(ticket.body.data.messages.map((m: { content: string }) => m.content)).toEqual([
      'Is anyone there?',
      'Second line',
    ]);

    expect((await server.api('/xb/v1/support/chat/unread', {}, { token: carol.token })).body.data.count).toBe(2);
    await server.api('/xb/v1/support/chat/read', {}, { token: carol.token });
    expect((await server.api('/xb/v1/support/chat/unread', {}, { token: carol.token })).body.data.count).toBe(0);

    const empty = await server.api(
      '/xb/v1/support/chat/send',
      { content: '<script></script>' },
      { token: carol.token, locale: 'fr' },
    );
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Veuillez saisir un message ou joindre une image');
    const notMine = await server.api(
      '/xb/v1/support/chat/send',
      { content: 'x', images: [fileOf(1)] },
      { token: carol.token },
    );
    expect(notMine.body.error).toBe('IMAGE_NOT_OWNED');

    const convs = await server.api('/admin/support/chat/conversations', {}, { token: agent.token });
    expect(convs.body.data.list.find((c: { userId: number }) => c.userId === carol.id).unread).toBe(2);
    const reply = await server.api(
      '/admin/support/chat/send',
      { userId: carol.id, content: 'Hello Carol' },
      { token: agent.token },
    );
    expect(reply.body.data.sender).toBe('agent');
    expect((await server.api('/xb/v1/support/chat/unread', {}, { token: carol.token })).body.data.count).toBe(1);
    const hist = await server.api('/admin/support/chat/history', { userId: carol.id }, { token: agent.token });
    expect(hist.body.data.list.map((m: { sender: string }) => m.sender)).toEqual([
      'user',
      'system',
      'user',
      'system',
      'agent',
    ]);
    await server.api('/admin/support/chat/read', { userId: carol.id }, { token: agent.token });
    const after = await server.api('/admin/support/chat/conversations', {}, { token: agent.token });
    expect(after.body.data.list.find((c: { userId: number }) => c.userId === carol.id).unread).toBe(0);
  });

  it('agents cannot open a conversation with an arbitrary user id', async () => {
    const res = await server.api(
      '/admin/support/chat/send',
      { userId: 987_654, content: 'hi' },
      { token: agent.token },
    );
    expect(res.status).toBe(404);
    expect((await server.api('/admin/support/chat/conversations', {}, { token: contentOp.token })).status).toBe(403);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { serverForSuite } from '../../testing/test-server.ts';

const clock = new ManualClock(Date.UTC(2026, 10, 26, 12));
let agentA: { id: number; token: string };
let agentB: { id: number; token: string };
let finance: { id: number; token: string };
let admin: string;

const server = serverForSuite({ clock });
beforeAll(async () => {
  agentA = await server.createOperator(['support']);
  agentB = await server.createOperator(['support']);
  finance = await server.createOperator(['finance']);
  admin = (await server.createOperator(['super_admin'])).token;
});

describe('the chat desk', () => {
  it('keeps canned replies per locale: created, listed by locale, changed, deleted, all audited', async () => {
    const save = (body: object) => server.api('/admin/support/canned/save', body, { token: agentA.token });
    const en = (await save({ locale: 'en_us', title: 'Deposit delay', body: 'Deposits credit after 3 confirmations.' }))
      .body.data;
    await save({ locale: 'zh_cn', title: '充值延迟', body: '充值在 3 个确认后到账。' });
    const list = await server.api('/admin/support/canned/list', { locale: 'en_us' }, { token: agentB.token });
    expect(list.body.data.items.map((i: { title: string }) => i.title)).toEqual(['Deposit delay']);
    expect((await save({ id: en.id, locale: 'en_us', title: 'Deposit delay', body: 'Changed.' })).status).toBe(200);
    expect(
      (await server.api('/admin/support/canned/delete', { id: en.id }, { token: agentA.token })).body.data,
    ).toEqual({ deleted: true });
    const all = await server.api('/admin/support/canned/list', {}, { token: agentA.token });
    expect(all.body.data.items.map((i: { locale: string }) => i.locale)).toEqual(['zh_cn']);
    const audit = await server.api('/admin/audit/list', { targetType: 'support_canned_reply' }, { token: admin });
    expect(audit.body.data.entries.map((e: { action: string }) => e.action).sort()).toEqual([
      'support.canned.create',
      'support.canned.create',
      'support.canned.delete',
      'support.canned.update',
    ]);
    expect((await save({ locale: 'xx', title: 't', body: 'b' })).status).toBe(400);
    expect((await save({ locale: 'en_us', title: '', body: 'b' })).status).toBe(400);
  });

  it('hands a conversation to another agent, tells every agent, and audits the hand-over', async () => {
    const user = await server.createUser();
    const desk = await server.api('/admin/support/chat/desk', {}, { token: agentA.token });
    expect(desk.body.data.agents.map((a: { id: number }) => a.id)).toEqual(
      expect.arrayContaining([agentA.id, agentB.id]),
    );
    expect(desk.body.data.agents.map((a: { id: number }) => a.id)).not.toContain(finance.id);

    // agent B's console hears the hand-over live
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/ws/support`);
    const events: Array<{ type: string }> = [];
    ws.onmessage = (m) => events.push(JSON.parse(String(m.data)));
    await new Promise((resolve) => (ws.onopen = resolve));
    ws.send(JSON.stringify({ type: 'auth', token: agentB.token }));
    await expect.poll(() => events.some((e) => e.type === 'ready')).toBe(true);

    const assigned = await server.api(
      '/admin/support/chat/assign',
      { userId: user.id, operatorId: agentB.id },
      { token: agentA.token },
    );
    expect(assigned.body.data).toMatchObject({ userId: user.id, operatorId: agentB.id });
    await expect
      .poll(() => events.find((e) => e.type === 'assigned'))
      .toEqual({ type: 'assigned', userId: user.id, operatorId: agentB.id, from: null });
    ws.close();

    const after = await server.api('/admin/support/chat/desk', {}, { token: agentA.token });
    expect(after.body.data.assignments).toEqual([expect.objectContaining({ userId: user.id, operatorId: agentB.id })]);
    const audit = await server.api('/admin/audit/list', { action: 'support.chat.assign' }, { token: admin });
    expect(audit.body.data.entries[0].detail).toEqual({ from: null, to: agentB.id });
  });

  it('refuses a hand-over to an operator who cannot answer the chat, and the desk to other roles', async () => {
    const user = await server.createUser();
    const toFinance = await server.api(
      '/admin/support/chat/assign',
      { userId: user.id, operatorId: finance.id },
      { token: agentA.token },
    );
    expect(toFinance.status).toBe(400);
    expect(toFinance.body.error).toBe('NOT_AN_AGENT');
    for (const path of ['/admin/support/chat/assign', '/admin/support/canned/save', '/admin/support/chat/desk']) {
      expect((await server.api(path, {}, { token: finance.token })).status, path).toBe(403);
    }
  });
});

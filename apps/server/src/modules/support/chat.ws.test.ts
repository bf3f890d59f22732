import { service } from '../../platform/context.ts';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { serverForSuite, type TestServer } from '../../testing/test-server.ts';

const server = serverForSuite();

/** A socket client that queues frames so a test can wait for the next one of a kind. */
class Client {
  readonly ws: WebSocket;
  private readonly frames: any[] = [];
  private waiters: Array<() => void> = [];
  constructor(url: string) {
    this.ws = new WebSocket(url);
    this.ws.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)));
      for (const w of this.waiters.splice(0)) w();
    });
    this.ws.on('close', () => {
      for (const w of this.waiters.splice(0)) w();
    });
  }
  static async open(server: TestServer, query = ''): Promise<Client> {
    const c = new Client(`${server.url.replace('http', 'ws')}/api/ws/support${query}`);
    await new Promise<void>((resolve, reject) => {
      c.ws.once('open', () => resolve());
      c.ws.once('error', reject);
    });
    return c;
  }
  send(frame: unknown): void {
    this.ws.send(JSON.stringify(frame));
  }
  /** The next frame matching, waiting up to 5 s (a missing frame fails the test, it is not a timing assertion). */
  async next(match: (f: any) => boolean): Promise<any> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const i = this.frames.findIndex(match);
      if (i >= 0) return this.frames.splice(i, 1)[0];
      if (Date.now() > deadline || this.ws.readyState === WebSocket.CLOSED)
        throw new Error(`no matching frame; got ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }
  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.ws.readyState === WebSocket.CLOSED) return resolve();
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }
}

describe('live chat over the WebSocket', () => {
  it('refuses a socket without a valid token', async () => {
    const c = await Client.open(server, '?locale=de');
    c.send({ type: 'message', content: 'hi' });
    const err = await c.next((f) => f.type === 'error');
    expect(err.message).toBe('Senden Sie zuerst Ihr Token');
    c.send({ type: 'auth', token: 'x'.repeat(40) });
    expect((await c.next((f) => f.type === 'error')).error).toBe('UNAUTHORIZED');
    await c.close();
    const content = await server.createOperator(['content']);
    const notAgent = await Client.open(server, `?token=${content.token}`);
    expect((await notAgent.next((f) => f.type === 'error')).error).toBe('UNAUTHORIZED');
    await notAgent.close();
  });

  it('user and agent exchange messages, typing and read state; history survives a restart', async () => {
    const user = await server.createUser();
    const agent = await server.createOperator(['support']);

    // the user authenticates with a first frame, the agent with the query string
    const u = await Client.open(server, '?locale=en_us');
    u.send({ type: 'auth', token: user.token });
    const ready = await u.next((f) => f.type === 'ready');
    expect(ready).toMatchObject({ role: 'user', agentsOnline: 0, unread: 0 });

    const a = await Client.open(server, `?token=${agent.token}`);
    expect(await a.next((f) => f.type === 'ready')).toMatchObject({ role: 'agent', agentsOnline: 1 });
    expect(await u.next((f) => f.type === 'presence')).toEqual({ type: 'presence', agentsOnline: 1 });
    expect((await server.api('/xb/v1/tpaj/info', {})).body.data.agentOnline).toBe(true);

    u.send({ type: 'typing' });
    expect(await a.next((f) => f.type === 'typing')).toEqual({ type: 'typing', userId: user.id, from: 'user' });

    u.send({ type: 'message', content: 'Hello, my <b>withdrawal</b> is stuck' });
    const atAgent = await a.next((f) => f.type === 'message');
    expect(atAgent.message).toMatchObject({
      userId: user.id,
      sender: 'user',
      content: 'Hello, my withdrawal is stuck',
      read: false,
    });
    await u.next((f) => f.type === 'message' && f.message.sender === 'user');

    a.send({ type: 'read', userId: user.id });
    expect(await u.next((f) => f.type === 'read')).toMatchObject({ by: 'agent', upToId: atAgent.message.id });

    a.send({ type: 'typing', userId: user.id });
    expect(await u.next((f) => f.type === 'typing')).toMatchObject({ from: 'agent' });
    a.send({ type: 'message', userId: user.id, content: 'Let me check that for you.' });
    const atUser = await u.next((f) => f.type === 'message' && f.message.sender === 'agent');
    expect(atUser.message).toMatchObject({ content: 'Let me check that for you.', operatorId: agent.id });

    // the unread badge, then reading clears it
    expect((await server.api('/xb/v1/support/chat/unread', {}, { token: user.token })).body.data.count).toBe(1);
    u.send({ type: 'read' });
    expect(await a.next((f) => f.type === 'read' && f.by === 'user')).toMatchObject({
      userId: user.id,
      by: 'user',
      upToId: atUser.message.id,
    });
    expect((await server.api('/xb/v1/support/chat/unread', {}, { token: user.token })).body.data.count).toBe(0);

    // an image the user uploaded can be sent; someone else's cannot
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const uploads = service(server.built.ctx, 'uploads');
    const mine = (await uploads.save(user.id, png)).fileId;
    const other = await server.createUser();
    const theirs = (await uploads.save(other.id, png)).fileId;
    u.send({ type: 'message', images: [theirs] });
    expect((await u.next((f) => f.type === 'error')).error).toBe('IMAGE_NOT_OWNED');
    u.send({ type: 'message', images: [mine] });
    expect((await a.next((f) => f.type === 'message' && f.message.sender === 'user')).message.images).toEqual([mine]);

    await u.close();
    await a.close();
    await server.restart();

    const history = await server.api('/xb/v1/support/chat/history', {}, { token: user.token });
    expect(history.body.data.list.map((m: { sender: string; content: string }) => [m.sender, m.content])).toEqual([
      ['user', 'Hello, my withdrawal is stuck'],
      ['agent', 'Let me check that for you.'],
      ['user', ''],
    ]);
    expect(history.body.data.list[0].read).toBe(true);

    // after the restart nobody is online: the next message becomes a ticket and the user is told
    expect((await server.api('/xb/v1/tpaj/info', {})).body.data.agentOnline).toBe(false);
    const u2 = await Client.open(server, `?token=${user.token}&locale=fr`);
    expect(await u2.next((f) => f.type === 'ready')).toMatchObject({ agentsOnline: 0 });
    u2.send({ type: 'message', content: 'Anyone?' });
    const system = await u2.next((f) => f.type === 'message' && f.message.sender === 'system');
    expect(system.message.content).toMatch(/Aucun conseiller n’est en ligne.*ticket n° \d+/);
    const tickets = await server.api('/xb/v1/support/ticket/list', {}, { token: user.token });
    expect(tickets.body.data.list[0]).toMatchObject({ content: 'Anyone?', source: 'chat', state: 'waiting' });
    await u2.close();

    const agentHistory = await server.api('/admin/support/chat/history', { userId: user.id }, { token: agent.token });
    expect(agentHistory.body.data.list).toHaveLength(5);
  });

  it('answers a malformed frame with an error and keeps the socket', async () => {
    const user = await server.createUser();
    const u = await Client.open(server, `?token=${user.token}`);
    await u.next((f) => f.type === 'ready');
    u.ws.send('{not json');
    expect((await u.next((f) => f.type === 'error')).error).toBe('VALIDATION');
    u.send({ type: 'ping' });
    u.send({ type: 'message', content: 'still here' });
    expect((await u.next((f) => f.type === 'message' && f.message.sender === 'user')).message.content).toBe(
      'still here',
    );
    await u.close();
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import WebSocket from 'ws';
import { BASE_URL } from '../playwright.config.ts';
import { totpAtServerTime } from './helpers.ts';

/**
 * The support operator's side of the end-to-end tests: the operator created before the server
 * started (support/create-operator.ts), its login with a TOTP code, ticket replies through the
 * /admin calls, and the agent's end of the live chat over the WebSocket.
 */
interface OperatorCredentials {
  email: string;
  password: string;
  totpSecret: string;
}

function credentials(): OperatorCredentials {
  const dir = process.env.TM_E2E_DATA_DIR;
  if (!dir) throw new Error('operator: TM_E2E_DATA_DIR is not set (run through playwright.config.ts)');
  return JSON.parse(fs.readFileSync(path.join(dir, 'e2e-operator.json'), 'utf8')) as OperatorCredentials;
}

async function admin<T>(request: APIRequestContext, url: string, body: unknown, token?: string): Promise<T> {
  const res = await request.post(`/api${url}`, { data: body, headers: token ? { authorization: token } : {} });
  const envelope = (await res.json()) as { code: number; message: string; data: T };
  if (envelope.code !== 200) throw new Error(`${url} → ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

let cached: string | null = null;

/**
 * A session token of the support operator, logged in once for the whole run with a fresh TOTP code and kept
 * in the data directory: a code is accepted once, so a second login within the same 30 s step (a worker that
 * Playwright started again after a failure) would be refused — it reads the token instead, and a login that
 * meets an already-used code waits for the next step.
 */
export async function operatorToken(request: APIRequestContext): Promise<string> {
  if (cached) return cached;
  const file = path.join(process.env.TM_E2E_DATA_DIR ?? '', 'e2e-operator-token.json');
  if (fs.existsSync(file)) return (cached = (JSON.parse(fs.readFileSync(file, 'utf8')) as { token: string }).token);
  const c = credentials();
  for (let attempt = 0; ; attempt++) {
    try {
      const login = await admin<{ token: string }>(request, '/admin/auth/login', {
        email: c.email,
        password: c.password,
        totpCode: await totpAtServerTime(request, c.totpSecret),
      });
      fs.writeFileSync(file, JSON.stringify({ token: login.token }));
      return (cached = login.token);
    } catch (err) {
      if (attempt >= 2 || !/already been used/.test(String(err))) throw err;
      await new Promise((resolve) => setTimeout(resolve, 31_000));
    }
  }
}

/** A back-office call made as the suite's operator (it holds the support, content, compliance and finance roles). */
export async function asOperator<T>(request: APIRequestContext, url: string, body: unknown): Promise<T> {
  return admin<T>(request, url, body, await operatorToken(request));
}

interface AdminTicket {
  id: number;
  userId: number;
  title: string;
  state: 'waiting' | 'replied';
}

/** The newest ticket with this title (waits for it to exist). */
export async function findTicket(request: APIRequestContext, title: string): Promise<AdminTicket> {
  const token = await operatorToken(request);
  let found: AdminTicket | undefined;
  await expect
    .poll(
      async () => {
        const page = await admin<{ list: AdminTicket[] }>(
          request,
          '/admin/support/ticket/list',
          { page: 1, size: 100 },
          token,
        );
        found = page.list.find((t) => t.title === title);
        return found?.id;
      },
      { message: `a ticket titled "${title}"` },
    )
    .toBeTruthy();
  return found!;
}

/** The support team answers a ticket (the ticket becomes "replied"). */
export async function replyToTicket(request: APIRequestContext, ticketId: number, content: string): Promise<void> {
  const token = await operatorToken(request);
  await admin(request, '/admin/support/ticket/reply', { id: ticketId, content }, token);
}

type AgentEvent = { type: string; [k: string]: unknown };

/**
 * A support agent connected to the chat socket: it sees the users' messages, answers one user,
 * types, and marks a conversation read. `close()` takes the agent offline again.
 */
export class Agent {
  readonly events: AgentEvent[] = [];
  private readonly socket: WebSocket;

  private constructor(socket: WebSocket) {
    this.socket = socket;
    socket.on('message', (data) => this.events.push(JSON.parse(String(data)) as AgentEvent));
  }

  static async connect(request: APIRequestContext): Promise<Agent> {
    const token = await operatorToken(request);
    const socket = new WebSocket(`${BASE_URL.replace(/^http/, 'ws')}/api/ws/support?locale=en_us`);
    const agent = new Agent(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => {
        socket.send(JSON.stringify({ type: 'auth', token }));
        resolve();
      });
      socket.once('error', reject);
    });
    await agent.waitFor((e) => e.type === 'ready' && e.role === 'agent', 'the agent socket to be ready');
    return agent;
  }

  /** Waits for an event (already received or still to come) and returns it. */
  async waitFor(match: (e: AgentEvent) => boolean, what: string): Promise<AgentEvent> {
    await expect.poll(() => this.events.some(match), { message: `agent waits for ${what}` }).toBe(true);
    return this.events.find(match)!;
  }

  /** The user id behind the first chat message with this text. */
  async userOfMessage(content: string): Promise<number> {
    const e = await this.waitFor(
      (x) => x.type === 'message' && (x.message as { content?: string }).content === content,
      `"${content}"`,
    );
    return (e.message as { userId: number }).userId;
  }

  send(userId: number, content: string): void {
    this.socket.send(JSON.stringify({ type: 'message', userId, content }));
  }

  typing(userId: number): void {
    this.socket.send(JSON.stringify({ type: 'typing', userId }));
  }

  markRead(userId: number): void {
    this.socket.send(JSON.stringify({ type: 'read', userId }));
  }

  async close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      this.socket.once('close', () => resolve());
      this.socket.close();
    });
  }
}

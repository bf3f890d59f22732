import type { Logger } from 'pino';
import type { DevOutbox } from '../outbox.ts';

export interface SmsSender {
  /** `to` is the full international number, e.g. +15551234567. */
  send(to: string, text: string): Promise<void>;
}

/**
 * A generic HTTP SMS provider: POST {to, text} as JSON with a bearer token. Providers with another
 * shape get an adapter of their own behind this interface.
 */
export class HttpSmsSender implements SmsSender {
  private readonly url: string;
  private readonly token: string | undefined;
  constructor(url: string, token: string | undefined) {
    this.url = url;
    this.token = token;
  }
  async send(to: string, text: string): Promise<void> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.token ? { authorization: `Bearer ${this.token}` } : {}) },
      body: JSON.stringify({ to, text }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`SMS provider answered ${res.status}`);
  }
}

export class OutboxSmsSender implements SmsSender {
  private readonly outbox: DevOutbox;
  private readonly log: Logger;
  constructor(outbox: DevOutbox, log: Logger) {
    this.outbox = outbox;
    this.log = log;
  }
  async send(to: string, text: string): Promise<void> {
    this.outbox.add({ channel: 'sms', to, subject: 'SMS', text, createdAt: Date.now() });
    this.log.info({ to }, `dev outbox SMS: ${text}`);
  }
}

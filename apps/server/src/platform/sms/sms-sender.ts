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
export function httpSmsSender(url: string, token: string | undefined): SmsSender {
  return {
    send: async (to, text) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS provider answered ${res.status}`);
    },
  };
}

/** Development default: the message lands in the outbox and the log. */
export function outboxSmsSender(outbox: DevOutbox, log: Logger): SmsSender {
  return {
    send: async (to, text) => {
      outbox.add({ channel: 'sms', to, subject: 'SMS', text, createdAt: Date.now() });
      log.info({ to }, `dev outbox SMS: ${text}`);
    },
  };
}

/**
 * The development outbox: in development and tests, mail and SMS are not sent but kept here (and
 * logged) so a person or a test can read the codes. It is never exposed when NODE_ENV=production.
 */
export interface OutboxMessage {
  id: number;
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  createdAt: number;
}

export class DevOutbox {
  private readonly messages: OutboxMessage[] = [];
  private nextId = 1;
  private readonly limit: number;
  constructor(limit = 500) {
    this.limit = limit;
  }
  add(m: Omit<OutboxMessage, 'id'>): OutboxMessage {
    const msg = { ...m, id: this.nextId++ };
    this.messages.push(msg);
    if (this.messages.length > this.limit) this.messages.shift();
    return msg;
  }
  /** Newest first; optionally only those sent to one address or number. */
  list(to?: string): OutboxMessage[] {
    const all = to ? this.messages.filter((m) => m.to === to) : this.messages;
    return [...all].reverse();
  }
}

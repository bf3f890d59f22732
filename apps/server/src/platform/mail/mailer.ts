import nodemailer from 'nodemailer';
import type { Locale } from '@tidemark/contract';
import type { Logger } from 'pino';
import type { DevOutbox } from '../outbox.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The language the text is in; lines the platform adds (the anti-phishing code) use it too. */
  locale?: Locale;
  /** Set by Mailer.prepare: the platform's lines are in already, send it as it is. */
  prepared?: true;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /**
   * Renders what the platform adds to a message (reading the database) so that it can be sent
   * later from inside a transaction, where a second query could wait on that very transaction.
   */
  prepare?(message: MailMessage): Promise<MailMessage>;
}

/** Real delivery over SMTP (SMTP_URL, e.g. smtp://user:pass@host:587). */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    send: async (m) => {
      await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text });
    },
  };
}

/** Development default: the message lands in the outbox and the log. */
export function outboxMailer(outbox: DevOutbox, log: Logger): Mailer {
  return {
    send: async (m) => {
      outbox.add({ channel: 'email', to: m.to, subject: m.subject, text: m.text, createdAt: Date.now() });
      log.info({ to: m.to, subject: m.subject }, `dev outbox e-mail: ${m.text}`);
    },
  };
}

import { DEFAULT_LOCALE } from '@tidemark/contract';
import { registerMessages, t } from '../i18n/messages.ts';
import { securityMessages } from '../security/security.messages.ts';
import type { Mailer, MailMessage } from './mailer.ts';

registerMessages(securityMessages);

/** Finds the anti-phishing code of whoever owns an e-mail address (null: none set, or no such user). */
export type AntiPhishingLookup = (email: string) => Promise<string | null>;

/**
 * The template every e-mail of the platform passes through: when the recipient has set an
 * anti-phishing code, the message opens with it, so a look-alike mail that lacks it gives itself
 * away. Wrapping the transport (SMTP or the outbox) rather than each sender means no mail can
 * forget it. The account module installs the lookup; until then mail goes out unchanged.
 */
export class AntiPhishingMailer implements Mailer {
  private readonly inner: Mailer;
  private lookup: AntiPhishingLookup | null = null;
  constructor(inner: Mailer) {
    this.inner = inner;
  }

  useLookup(lookup: AntiPhishingLookup): void {
    this.lookup = lookup;
  }

  async prepare(m: MailMessage): Promise<MailMessage> {
    if (m.prepared) return m;
    const code = this.lookup ? await this.lookup(m.to) : null;
    return { ...(code ? withAntiPhishingCode(m, code) : m), prepared: true };
  }

  async send(m: MailMessage): Promise<void> {
    const { prepared: _, ...message } = await this.prepare(m);
    await this.inner.send(message);
  }
}

/** The message with the recipient's code as its first line. */
export function withAntiPhishingCode(m: MailMessage, code: string): MailMessage {
  const line = t(m.locale ?? DEFAULT_LOCALE, 'security.antiPhishingLine', { code });
  return { ...m, text: `${line}\n\n${m.text}` };
}

import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  /** The raw message as the SMTP client sent it. */
  data: string;
}

/** A local SMTP server that keeps every message it is handed: the far end of SMTP_URL in tests. */
export async function startSmtpPeer(): Promise<{ url: string; received: ReceivedMail[]; close(): Promise<void> }> {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const port = (smtp.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** The decoded text of a raw single-part message (base64 or quoted-printable, as nodemailer picks) with its subject. */
export function mailText(raw: string): { subject: string; body: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split);
  let body = raw.slice(split).trim();
  if (/^Content-Transfer-Encoding: base64/im.test(headers))
    body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  else if (/^Content-Transfer-Encoding: quoted-printable/im.test(headers)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    body = Buffer.from(bytes, 'latin1').toString('utf8');
  }
  // RFC 2047 encoded-words of the subject (nodemailer writes non-ASCII subjects as =?UTF-8?B?…?= or ?Q?)
  const rawSubject = /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(headers)?.[1] ?? '';
  const subject = rawSubject
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    )
    .trim();
  return { subject, body };
}

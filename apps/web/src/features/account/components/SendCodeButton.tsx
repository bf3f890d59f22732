import { useEffect, useState } from 'react';
import { Button, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { CodePurpose } from '@tidemark/contract';
import { sendCode, type CodeTarget } from '../api/codes.ts';
import { parseInstant, secondsLeft } from '../model/countdown.ts';

/**
 * "Send code" with the 60 s countdown. `target()` validates the address and returns it, or null
 * after showing the form's own field error; nothing is sent then.
 */
export function SendCodeButton(props: { purpose: CodePurpose; target: () => CodeTarget | null; testId?: string }) {
  const { t } = useTranslation();
  const [sentAt, setSentAt] = useState<number | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [sending, setSending] = useState(false);
  const left = secondsLeft(now, sentAt, resendAt);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left > 0]); // eslint-disable-line react-hooks/exhaustive-deps

  async function onSend() {
    const target = props.target();
    if (!target) return;
    setSending(true);
    try {
      const r = await sendCode(target, props.purpose);
      const sent = Date.now();
      setSentAt(sent);
      setResendAt(parseInstant(r.resendAt));
      setNow(sent);
      Toast.show({ content: t('account:code.sent') });
    } catch {
      // the API client has shown the server's message (e.g. too soon, already registered)
    } finally {
      setSending(false);
    }
  }

  return (
    <Button
      className="acc-code-button"
      size="small"
      color="primary"
      fill="outline"
      loading={sending}
      disabled={left > 0}
      onClick={onSend}
      data-testid={props.testId ?? 'send-code'}
    >
      {left > 0
        ? t('account:code.countdown', { seconds: left })
        : sentAt
          ? t('account:code.resend')
          : t('account:code.send')}
    </Button>
  );
}

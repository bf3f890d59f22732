import { useEffect, useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Toast from 'antd-mobile/es/components/toast';
import { useTranslation } from '../../lib/use-translation.ts';
import type { CodePurpose } from '@tidemark/contract';
import { sendCode, type CodeTarget } from '../../lib/send-code.ts';
import { codeButtonText, parseInstant, secondsLeft } from './code-countdown.ts';
import './form.css';

/**
 * "Send code" with the resend countdown. `target()` validates the address and returns it, or null
 * after showing the form's own field error; nothing is sent then.
 */
export function SendCodeButton(props: { purpose: CodePurpose; target: () => CodeTarget | null; testId?: string }) {
  const { t } = useTranslation();
  const [sentAt, setSentAt] = useState<number | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [sending, setSending] = useState(false);
  const left = secondsLeft(now, sentAt, resendAt);
  const text = codeButtonText(left, sentAt !== null);

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
      Toast.show({ content: t('common:form.code.sent') });
    } catch {
      // the API client has shown the server's message (e.g. too soon, already registered)
    } finally {
      setSending(false);
    }
  }

  return (
    <Button
      className="form-code-button"
      size="small"
      color="primary"
      fill="outline"
      loading={sending}
      disabled={left > 0}
      onClick={onSend}
      data-testid={props.testId ?? 'send-code'}
    >
      {text.key === 'countdown'
        ? t('common:form.code.countdown', { seconds: text.seconds })
        : t(`common:form.code.${text.key}`)}
    </Button>
  );
}

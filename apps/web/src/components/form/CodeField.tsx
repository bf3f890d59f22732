import type { ReactNode } from 'react';
import Input from 'antd-mobile/es/components/input';
import { useTranslation } from '../../lib/use-translation.ts';
import type { CodePurpose } from '@tidemark/contract';
import type { CodeTarget } from '../../lib/send-code.ts';
import { FormRow } from './FormRow.tsx';
import { SendCodeButton } from './SendCodeButton.tsx';

/**
 * A six-digit code row. With `send`, the row ends with the send button (countdown and resend
 * included) for a code mailed or texted to `send.target()`; without it, the code comes from
 * somewhere else (an authenticator app).
 */
export function CodeField(props: {
  name: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string | null | undefined;
  note?: ReactNode;
  placeholder?: string;
  testId: string;
  send?: { purpose: CodePurpose; target: () => CodeTarget | null; testId?: string };
}) {
  const { t } = useTranslation();
  return (
    <FormRow name={props.name} label={props.label} error={props.error} note={props.note}>
      <Input
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder={props.placeholder ?? t('common:form.code.placeholder')}
        value={props.value}
        onChange={props.onChange}
        data-testid={props.testId}
      />
      {props.send ? (
        <SendCodeButton purpose={props.send.purpose} target={props.send.target} testId={props.send.testId} />
      ) : null}
    </FormRow>
  );
}

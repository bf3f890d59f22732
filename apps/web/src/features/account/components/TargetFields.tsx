import type { ReactNode } from 'react';
import Input from 'antd-mobile/es/components/input';
import Tabs from 'antd-mobile/es/components/tabs';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { AccountType, CodePurpose } from '@tidemark/contract';
import { CodeField } from '../../../components/form/CodeField.tsx';
import { FormRow } from '../../../components/form/FormRow.tsx';
import { codeTargetOf, type TargetForm } from '../model/forms.ts';
import type { FieldErrors } from '../../../components/form/field-checks.ts';

/** The e-mail / phone tabs of the sign-up, login and reset forms. */
export function TargetTabs(props: { type: AccountType; onChange: (type: AccountType) => void }) {
  const { t } = useTranslation();
  return (
    <Tabs className="acc-tabs" activeKey={props.type} onChange={(k) => props.onChange(k as AccountType)}>
      <Tabs.Tab key="email" title={t('account:tab.email')} />
      <Tabs.Tab key="phone" title={t('account:tab.phone')} />
    </Tabs>
  );
}

/**
 * The address field of the chosen tab: the e-mail, or the country prefix (default "1") and the
 * phone number. `action` sits at the end of the row (the send-code button). `message(field)` is a
 * field's error as shown.
 */
export function TargetFields(props: {
  form: TargetForm;
  message: (field: string) => string | undefined;
  set: (key: 'email' | 'countryCode' | 'phone', value: string) => void;
  action?: ReactNode;
  /** The e-mail row's label when it is not simply "E-mail" (e.g. the new address). */
  emailLabel?: string;
}) {
  const { t } = useTranslation();
  const { form, message, set } = props;
  if (form.type === 'email') {
    return (
      <FormRow name="email" label={props.emailLabel ?? t('account:field.email')} error={message('email')}>
        <Input
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t('account:placeholder.email')}
          value={form.email}
          onChange={(v) => set('email', v)}
          data-testid="input-email"
        />
        {props.action}
      </FormRow>
    );
  }
  return (
    <FormRow name="phone" label={t('account:field.phone')} error={message('countryCode') ?? message('phone')}>
      <div className="acc-prefix">
        +
        <Input
          aria-label={t('account:field.countryCode')}
          inputMode="numeric"
          maxLength={5}
          value={form.countryCode}
          onChange={(v) => set('countryCode', v)}
          data-testid="input-country-code"
        />
      </div>
      <Input
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        placeholder={t('account:placeholder.phone')}
        value={form.phone}
        onChange={(v) => set('phone', v)}
        data-testid="input-phone"
      />
      {props.action}
    </FormRow>
  );
}

/**
 * The address of the chosen tab and the code sent to it for `purpose` (sign-up, reset, binding):
 * a code is sent only once the address passes its check, else the address shows why.
 */
export function TargetCodeFields(props: {
  form: TargetForm & { code: string };
  message: (field: string) => string | undefined;
  set: (key: 'email' | 'countryCode' | 'phone' | 'code', value: string) => void;
  addErrors: (errors: FieldErrors) => void;
  purpose: CodePurpose;
}) {
  const { t } = useTranslation();
  const { form, message, set } = props;
  return (
    <>
      <TargetFields form={form} message={message} set={set} />
      <CodeField
        name="code"
        label={t('account:field.code')}
        value={form.code}
        onChange={(v) => set('code', v)}
        error={message('code')}
        testId="input-code"
        send={{ purpose: props.purpose, target: () => codeTargetOf(form, props.addErrors) }}
      />
    </>
  );
}

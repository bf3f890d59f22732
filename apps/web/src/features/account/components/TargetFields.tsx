import type { ReactNode } from 'react';
import { Input, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { AccountType } from '@tidemark/contract';
import type { FieldErrors } from '../model/form-errors.ts';
import type { TargetForm } from '../model/forms.ts';
import { Field } from './Field.tsx';

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
 * phone number. `action` sits at the end of the row (the send-code button).
 */
export function TargetFields(props: {
  form: TargetForm;
  errors: FieldErrors;
  set: (key: 'email' | 'countryCode' | 'phone', value: string) => void;
  action?: ReactNode;
  /** The e-mail row's label when it is not simply "E-mail" (e.g. the new address). */
  emailLabel?: string;
}) {
  const { t } = useTranslation();
  const { form, errors, set } = props;
  if (form.type === 'email') {
    return (
      <Field name="email" label={props.emailLabel ?? t('account:field.email')} error={errors.email}>
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
      </Field>
    );
  }
  return (
    <Field name="phone" label={t('account:field.phone')} error={errors.countryCode ?? errors.phone}>
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
    </Field>
  );
}

/** A password input with the right autocomplete hint for password managers. */
export function PasswordInput(props: {
  value: string;
  onChange: (v: string) => void;
  placeholder: string;
  testId: string;
  autoComplete: 'current-password' | 'new-password';
  numeric?: boolean;
}) {
  return (
    <Input
      type="password"
      autoComplete={props.autoComplete}
      inputMode={props.numeric ? 'numeric' : undefined}
      maxLength={props.numeric ? 6 : 20}
      placeholder={props.placeholder}
      value={props.value}
      onChange={props.onChange}
      data-testid={props.testId}
    />
  );
}

/** A 6-digit code input. */
export function CodeInput(props: {
  value: string;
  onChange: (v: string) => void;
  placeholder: string;
  testId: string;
}) {
  return (
    <Input
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder={props.placeholder}
      value={props.value}
      onChange={props.onChange}
      data-testid={props.testId}
    />
  );
}

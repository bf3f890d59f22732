import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { FormRow } from './FormRow.tsx';
import { PasswordInput } from './PasswordInput.tsx';

type PairKey = 'password' | 'confirmPassword';

/**
 * A new password typed twice, with the rule beneath the first row. `kind: 'fund'` is the six-digit
 * fund password (number pad, its own rule). `name` is the first row's field name, which also names
 * its test id (`input-fund-password` for a field named `fundPassword`).
 */
export function PasswordPair(props: {
  kind: 'login' | 'fund';
  name?: string;
  label: ReactNode;
  placeholder?: string;
  values: { password: string; confirmPassword: string };
  errors: { password?: string | undefined; confirmPassword?: string | undefined };
  onChange: (key: PairKey, value: string) => void;
}) {
  const { t } = useTranslation();
  const fund = props.kind === 'fund';
  const name = props.name ?? 'password';
  const fundPlaceholder = t('common:form.password.fundPlaceholder');
  return (
    <>
      <FormRow
        name={name}
        label={props.label}
        error={props.errors.password}
        note={t(fund ? 'common:form.password.fundRule' : 'common:form.password.rule')}
      >
        <PasswordInput
          numeric={fund}
          autoComplete="new-password"
          placeholder={props.placeholder ?? fundPlaceholder}
          value={props.values.password}
          onChange={(v) => props.onChange('password', v)}
          testId={`input-${kebab(name)}`}
        />
      </FormRow>
      <FormRow name="confirmPassword" label={t('common:form.password.confirm')} error={props.errors.confirmPassword}>
        <PasswordInput
          numeric={fund}
          autoComplete="new-password"
          placeholder={fund ? fundPlaceholder : t('common:form.password.confirmPlaceholder')}
          value={props.values.confirmPassword}
          onChange={(v) => props.onChange('confirmPassword', v)}
          testId="input-confirm-password"
        />
      </FormRow>
    </>
  );
}

/** fundPassword → fund-password */
export function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

import { PasswordPair } from '../../../components/form/PasswordPair.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';

/**
 * A new login password typed twice, bound to an account form (useForm): its values, its errors and
 * its setter. Sign-up names it "Password", the reset and change forms "New password".
 */
export function NewPasswordPair(props: {
  form: {
    values: { password: string; confirmPassword: string };
    message: (field: string) => string | undefined;
    set: (key: 'password' | 'confirmPassword', value: string) => void;
  };
  /** The first row's label and placeholder: `account:field.<label>`, `account:placeholder.<label>`. */
  label: 'password' | 'newPassword';
}) {
  const { t } = useTranslation();
  const { values, message, set } = props.form;
  return (
    <PasswordPair
      kind="login"
      label={t(`account:field.${props.label}`)}
      placeholder={t(`account:placeholder.${props.label}`)}
      values={values}
      errors={{ password: message('password'), confirmPassword: message('confirmPassword') }}
      onChange={set}
    />
  );
}

import { FormRow } from '../../../components/form/FormRow.tsx';
import { PasswordInput } from '../../../components/form/PasswordInput.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';

/**
 * A password the user already has (to sign in, or to confirm a change) in its form row, bound to an account form
 * (useForm): its value, its error and its setter. The browser may fill it in.
 */
export function CurrentPasswordField<K extends string>(props: {
  form: {
    values: Record<K, string>;
    message: (field: string) => string | undefined;
    set: (key: K, value: string) => void;
  };
  name: K;
  /** `account:field.<label>` */
  label: string;
  /** `account:placeholder.<placeholder>` */
  placeholder: string;
  testId: string;
  /** a fund password: digits only */
  numeric?: boolean;
}) {
  const { t } = useTranslation();
  const { form, name } = props;
  return (
    <FormRow name={name} label={t(`account:field.${props.label}`)} error={form.message(name)}>
      <PasswordInput
        numeric={props.numeric}
        autoComplete="current-password"
        placeholder={t(`account:placeholder.${props.placeholder}`)}
        value={form.values[name]}
        onChange={(v) => form.set(name, v)}
        testId={props.testId}
      />
    </FormRow>
  );
}

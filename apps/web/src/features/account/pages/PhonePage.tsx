import { Button, Toast } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { BindPhoneRequest } from '@tidemark/contract';
import { accountInfoQuery, accountKeys, bindPhone } from '../api/account.ts';
import { Field } from '../components/Field.tsx';
import { SendCodeButton } from '../components/SendCodeButton.tsx';
import { SignedInOnly } from '../components/SignedInOnly.tsx';
import { CodeInput, TargetFields } from '../components/TargetFields.tsx';
import { useForm } from '../components/useForm.ts';
import { check } from '../model/form-errors.ts';
import { checkCodeTarget, emptyTarget, type TargetForm } from '../model/forms.ts';
import '../components/account.css';

/** /mine/phone: bind a phone number with a code sent to it. */
export default function PhonePage() {
  return (
    <SignedInOnly>
      <BindPhoneForm />
    </SignedInOnly>
  );
}

function BindPhoneForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const info = useQuery(accountInfoQuery());
  const f = useForm<TargetForm & { code: string }>(() => ({ ...emptyTarget('phone'), code: '' }));
  const { values, set, errors } = f;

  const codeTarget = () => {
    const r = checkCodeTarget(values);
    if (r.ok) return r.value;
    f.setErrors((e) => ({ ...e, ...r.errors }));
    return null;
  };

  const onSubmit = () => {
    const checked = check(BindPhoneRequest, {
      countryCode: values.countryCode,
      phone: values.phone,
      code: values.code,
    });
    if (!checked.ok) return f.setErrors(checked.errors);
    void f.submit(async () => {
      await bindPhone(checked.value);
      await queryClient.invalidateQueries({ queryKey: accountKeys.all });
      Toast.show({ content: t('account:phone.success') });
      navigate('/mine/security', { replace: true });
    });
  };

  const current = info.data?.phone ? `+${info.data.countryCode ?? ''} ${info.data.phone}` : null;
  return (
    <div className="acc-page">
      {current ? (
        <p className="acc-hint" style={{ marginTop: 0 }}>
          {t('account:phone.current', { phone: current })}
        </p>
      ) : null}
      <p className="acc-hint" style={{ marginTop: 0 }}>
        {t('account:phone.hint')}
      </p>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <div className="acc-card">
          <TargetFields form={values} errors={errors} set={set} />
          <Field name="code" label={t('account:field.code')} error={errors.code}>
            <CodeInput
              placeholder={t('account:placeholder.code')}
              value={values.code}
              onChange={(v) => set('code', v)}
              testId="input-code"
            />
            <SendCodeButton purpose="bind" target={codeTarget} />
          </Field>
        </div>
        <Button block color="primary" size="large" type="submit" loading={f.busy} data-testid="submit-phone">
          {t('account:phone.submit')}
        </Button>
      </form>
    </div>
  );
}

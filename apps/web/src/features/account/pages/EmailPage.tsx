import { Button, Toast } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { BindEmailRequest } from '@tidemark/contract';
import { accountInfoQuery, accountKeys, bindEmail } from '../api/account.ts';
import { Field } from '../components/Field.tsx';
import { SendCodeButton } from '../components/SendCodeButton.tsx';
import { LoadState, SignedInOnly } from '../components/SignedInOnly.tsx';
import { CodeInput, TargetFields } from '../components/TargetFields.tsx';
import { useForm } from '../components/useForm.ts';
import { check } from '../model/form-errors.ts';
import { checkCodeTarget, emptyTarget, type TargetForm } from '../model/forms.ts';
import '../components/account.css';

/** /mine/email: bind an e-mail (a bound one is changed on /mine/editEmail, with codes to both). */
export default function EmailPage() {
  return (
    <SignedInOnly>
      <EmailScreen />
    </SignedInOnly>
  );
}

function EmailScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useQuery(accountInfoQuery());
  if (!info.data) return <LoadState error={info.isError} retry={() => void info.refetch()} />;
  if (info.data.email) {
    return (
      <div className="acc-page">
        <div className="acc-card" style={{ padding: 16 }}>
          <div className="acc-step">{t('account:email.alreadyBound')}</div>
          <div className="acc-profile-name" data-testid="bound-email">
            {info.data.email}
          </div>
        </div>
        <Button
          block
          color="primary"
          size="large"
          onClick={() => navigate('/mine/editEmail')}
          data-testid="to-edit-email"
        >
          {t('account:email.change')}
        </Button>
      </div>
    );
  }
  return <BindEmailForm />;
}

function BindEmailForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const f = useForm<TargetForm & { code: string }>(() => ({ ...emptyTarget('email'), code: '' }));
  const { values, set, errors } = f;

  const codeTarget = () => {
    const r = checkCodeTarget(values);
    if (r.ok) return r.value;
    f.setErrors((e) => ({ ...e, ...r.errors }));
    return null;
  };

  const onSubmit = () => {
    const checked = check(BindEmailRequest, { email: values.email, code: values.code });
    if (!checked.ok) return f.setErrors(checked.errors);
    void f.submit(async () => {
      await bindEmail(checked.value);
      await queryClient.invalidateQueries({ queryKey: accountKeys.all });
      Toast.show({ content: t('account:email.success') });
      navigate('/mine/security', { replace: true });
    });
  };

  return (
    <div className="acc-page">
      <p className="acc-hint" style={{ marginTop: 0 }}>
        {t('account:email.hint')}
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
        <Button block color="primary" size="large" type="submit" loading={f.busy} data-testid="submit-email">
          {t('account:email.submit')}
        </Button>
      </form>
    </div>
  );
}

import { Button, Toast } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ChangeEmailRequest } from '@tidemark/contract';
import { accountInfoQuery, accountKeys, changeEmail } from '../api/account.ts';
import { Field } from '../components/Field.tsx';
import { SendCodeButton } from '../components/SendCodeButton.tsx';
import { LoadState, SignedInOnly } from '../components/SignedInOnly.tsx';
import { CodeInput, TargetFields } from '../components/TargetFields.tsx';
import { useForm } from '../components/useForm.ts';
import { check } from '../model/form-errors.ts';
import { checkCodeTarget, emptyTarget } from '../model/forms.ts';
import '../components/account.css';

/** /mine/editEmail: a code to the current address proves ownership, a code to the new one proves it works. */
export default function EditEmailPage() {
  return (
    <SignedInOnly>
      <EditEmail />
    </SignedInOnly>
  );
}

function EditEmail() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useQuery(accountInfoQuery());
  if (!info.data) return <LoadState error={info.isError} retry={() => void info.refetch()} />;
  if (!info.data.email) {
    return (
      <div className="acc-page">
        <p className="acc-hint" style={{ marginTop: 0 }}>
          {t('account:editEmail.noEmail')}
        </p>
        <Button block color="primary" size="large" onClick={() => navigate('/mine/email', { replace: true })}>
          {t('account:editEmail.toBind')}
        </Button>
      </div>
    );
  }
  return <EditEmailForm current={info.data.email} />;
}

function EditEmailForm(props: { current: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const f = useForm({ oldCode: '', email: '', newCode: '' });
  const { values, set, errors } = f;

  const newTarget = () => {
    const r = checkCodeTarget({ ...emptyTarget('email'), email: values.email });
    if (r.ok) return r.value;
    f.setErrors((e) => ({ ...e, ...r.errors }));
    return null;
  };

  const onSubmit = () => {
    const checked = check(ChangeEmailRequest, values);
    if (!checked.ok) return f.setErrors(checked.errors);
    void f.submit(async () => {
      await changeEmail(checked.value);
      await queryClient.invalidateQueries({ queryKey: accountKeys.all });
      Toast.show({ content: t('account:editEmail.success') });
      navigate('/mine/security', { replace: true });
    });
  };

  return (
    <div className="acc-page">
      <p className="acc-hint" style={{ marginTop: 0 }}>
        {t('account:email.current', { email: props.current })}
      </p>
      <p className="acc-hint" style={{ marginTop: 0 }}>
        {t('account:editEmail.hint')}
      </p>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <div className="acc-card">
          <Field name="oldCode" label={t('account:field.oldEmailCode')} error={errors.oldCode}>
            <CodeInput
              placeholder={t('account:placeholder.code')}
              value={values.oldCode}
              onChange={(v) => set('oldCode', v)}
              testId="input-old-code"
            />
            {/* no address: the server sends it to the e-mail bound to the account */}
            <SendCodeButton purpose="change_email" target={() => ({ channel: 'email' })} testId="send-old-code" />
          </Field>
          <TargetFields
            form={{ ...emptyTarget('email'), email: values.email }}
            errors={errors}
            set={(k, v) => {
              if (k === 'email') set('email', v);
            }}
            emailLabel={t('account:field.newEmail')}
          />
          <Field name="newCode" label={t('account:field.newEmailCode')} error={errors.newCode}>
            <CodeInput
              placeholder={t('account:placeholder.code')}
              value={values.newCode}
              onChange={(v) => set('newCode', v)}
              testId="input-new-code"
            />
            <SendCodeButton purpose="change_email" target={newTarget} testId="send-new-code" />
          </Field>
        </div>
        <Button block color="primary" size="large" type="submit" loading={f.busy} data-testid="submit-edit-email">
          {t('account:editEmail.submit')}
        </Button>
      </form>
    </div>
  );
}

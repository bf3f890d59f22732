import Toast from 'antd-mobile/es/components/toast';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { accountInfoQuery, accountKeys, bindPhone } from '../api/account.ts';
import { signedInPage } from '../../../components/SignInGate.tsx';
import { TargetCodeFields } from '../components/TargetFields.tsx';
import { useForm } from '../components/useForm.ts';
import { checkBindPhone } from '../model/forms.ts';
import { emptyTarget, type TargetForm } from '../model/forms.ts';
import '../components/account.css';
import { useDetour } from '../../../lib/detour.ts';
import { Form } from '../../../components/form/Form.tsx';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';

/** /mine/phone: bind a phone number with a code sent to it. */
export default signedInPage('account', BindPhoneForm);

function BindPhoneForm() {
  const { t } = useTranslation();
  // reached as a prerequisite of another screen: back there when done
  const detour = useDetour();
  const queryClient = useQueryClient();
  const info = useQuery(accountInfoQuery());
  const f = useForm<TargetForm & { code: string }>(() => ({ ...emptyTarget('phone'), code: '' }));
  const { values, set } = f;

  const onSubmit = () => {
    const checked = checkBindPhone({
      countryCode: values.countryCode,
      phone: values.phone,
      code: values.code,
    });
    if (!checked.ok) return f.setErrors(checked.errors);
    void f.submit(async () => {
      await bindPhone(checked.value);
      await queryClient.invalidateQueries({ queryKey: accountKeys.all });
      Toast.show({ content: t('account:phone.success') });
      detour.finish('/mine/security');
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
      <Form onSubmit={onSubmit}>
        <div className="acc-card">
          <TargetCodeFields form={values} message={f.message} set={set} addErrors={f.addErrors} purpose="bind" />
        </div>
        <SubmitButton busy={f.busy} testId="submit-phone">
          {t('account:phone.submit')}
        </SubmitButton>
      </Form>
    </div>
  );
}

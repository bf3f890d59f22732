import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { accountInfoQuery, bindPhone } from '../api/account.ts';
import { signedInPage } from '../../../components/SignInGate.tsx';
import { BindAddressForm } from '../components/BindAddressForm.tsx';
import { checkBindPhone } from '../model/forms.ts';

/** /mine/phone: bind a phone number with a code sent to it. */
export default signedInPage('account', BindPhone);

function BindPhone() {
  const { t } = useTranslation();
  const info = useQuery(accountInfoQuery());
  const current = info.data?.phone ? `+${info.data.countryCode ?? ''} ${info.data.phone}` : null;
  return (
    <BindAddressForm
      type="phone"
      intro={
        <>
          {current ? (
            <p className="acc-hint" style={{ marginTop: 0 }}>
              {t('account:phone.current', { phone: current })}
            </p>
          ) : null}
          <p className="acc-hint" style={{ marginTop: 0 }}>
            {t('account:phone.hint')}
          </p>
        </>
      }
      check={(v) => checkBindPhone({ countryCode: v.countryCode, phone: v.phone, code: v.code })}
      bind={bindPhone}
      success={t('account:phone.success')}
      submit={t('account:phone.submit')}
      testId="submit-phone"
    />
  );
}

import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import Selector from 'antd-mobile/es/components/selector';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate } from 'react-router-dom';
import { DOCUMENT_TYPES, type DocumentType } from '@tidemark/contract/kyc-codes';
import { ApiError } from '../../../lib/api.ts';
import { useDetour } from '../../../lib/detour.ts';
import { kycKeys, submitBasic, type KycStatus } from '../api/kyc.ts';
import { KycFormPage } from '../components/KycFormPage.tsx';
import { CountryPicker } from '../components/CountryPicker.tsx';
import { StateTag } from '../components/StateTag.tsx';
import type * as basicForm from '../model/basic-form.ts';
import type { BasicForm, FieldErrors } from '../model/basic-form.ts';
import { stateOf } from '../model/level-view.ts';
import '../components/kyc.css';
import { showToast } from '../../../lib/feedback.ts';

// The check runs the contract's schema (zod, 24 KB of gzip): fetched when the user starts filling in the form,
// not with the screen (a failed fetch is tried again on the next change or submit).
let checker: Promise<typeof basicForm> | undefined;
const loadChecker = () =>
  (checker ??= import('../model/basic-form.ts').catch((err: unknown) => {
    checker = undefined;
    throw err;
  }));

/** /mine/identityBase: real name, ID number, issuing country and document type (spec §3, §5). */
export default function IdentityBasePage() {
  return <KycFormPage screen={BaseScreen} />;
}

function BaseScreen({ status: s }: { status: KycStatus }) {
  const { t } = useTranslation('kyc');
  const navigate = useNavigate();
  if (!s.canSubmitBasic) {
    // under review or already certified: nothing to fill in, say where it stands
    return (
      <div className="page-stack">
        <section className="stack-card kyc-card" data-testid="kyc-base-closed">
          <div className="kyc-card__head">
            <h2 className="kyc-card__title">{t('level.basic')}</h2>
            <StateTag state={stateOf(s.basic)} />
          </div>
          <Button onClick={() => navigate('/mine/identity', { replace: true })}>{t('backToEntry')}</Button>
        </section>
      </div>
    );
  }
  return <BaseForm rejectReason={s.basic?.state === 'rejected' ? s.basic.rejectReason : null} />;
}

function BaseForm(props: { rejectReason: string | null }) {
  const { t } = useTranslation('kyc');
  // reached from a money form: back there once submitted
  const detour = useDetour();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<BasicForm>({ realName: '', idNumber: '', country: '', documentType: 'id_card' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const set = <K extends keyof BasicForm>(key: K, value: BasicForm[K]) => {
    loadChecker().catch(() => undefined);
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const onSubmit = async () => {
    const { checkBasic } = await loadChecker();
    const checked = checkBasic(values);
    if (!checked.ok) return setErrors(checked.errors);
    setBusy(true);
    try {
      await submitBasic(checked.value);
      await queryClient.invalidateQueries({ queryKey: kycKeys.all });
      showToast({ icon: 'success', content: t('basic.submitted') });
      detour.finish('/mine/identity');
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      // the server's own (localized) words: under the field it names, else as a toast
      if (err.field && err.field in values) setErrors((e) => ({ ...e, [err.field!]: err.message }));
      else if (err.kind !== 'unauthorized') showToast({ content: err.message });
    } finally {
      setBusy(false);
    }
  };

  const errorOf = (field: keyof BasicForm) => {
    const e = errors[field];
    if (!e) return null;
    return (
      <div className="kyc-field__error" role="alert" data-testid={`error-${field}`}>
        {e.startsWith('kyc:') ? t(e) : e}
      </div>
    );
  };

  return (
    <form
      className="page-stack"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    >
      {props.rejectReason !== null ? (
        <p className="kyc-reason" data-testid="kyc-reason-basic">
          {t('entry.reason', { reason: props.rejectReason })}
        </p>
      ) : null}
      <p className="kyc-text">{t('basic.hint')}</p>
      <section className="stack-card kyc-card" style={{ gap: 0, paddingTop: 4, paddingBottom: 4 }}>
        <div className="kyc-field">
          <div className="kyc-field__label">{t('basic.country')}</div>
          <CountryPicker value={values.country} onChange={(c) => set('country', c)} />
          {errorOf('country')}
        </div>
        <div className="kyc-field">
          <div className="kyc-field__label">{t('basic.documentType')}</div>
          <Selector<DocumentType>
            columns={3}
            options={DOCUMENT_TYPES.map((d) => ({ label: t(`document.${d}`), value: d }))}
            value={[values.documentType]}
            onChange={(v) => v[0] && set('documentType', v[0])}
            data-testid="input-document-type"
          />
        </div>
        <div className="kyc-field">
          <div className="kyc-field__label">{t('basic.realName')}</div>
          <Input
            placeholder={t('basic.realNamePlaceholder')}
            value={values.realName}
            onChange={(v) => set('realName', v)}
            autoComplete="name"
            maxLength={100}
            data-testid="input-real-name"
          />
          {errorOf('realName')}
        </div>
        <div className="kyc-field">
          <div className="kyc-field__label">{t('basic.idNumber')}</div>
          <Input
            placeholder={t('basic.idNumberPlaceholder')}
            value={values.idNumber}
            onChange={(v) => set('idNumber', v)}
            autoComplete="off"
            maxLength={40}
            data-testid="input-id-number"
          />
          {errorOf('idNumber')}
        </div>
      </section>
      <Button block color="primary" size="large" type="submit" loading={busy} data-testid="submit-basic">
        {t('basic.submit')}
      </Button>
    </form>
  );
}

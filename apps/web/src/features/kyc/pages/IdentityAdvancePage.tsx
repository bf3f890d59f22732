import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import { ActionButton } from '../../../components/ActionButton.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../../lib/api.ts';
import { useDetour } from '../../../lib/detour.ts';
import { kycKeys, submitAdvanced, type KycStatus } from '../api/kyc.ts';
import { KycFormPage } from '../components/KycFormPage.tsx';
import { PhotoSlot, type UploadedPhoto } from '../components/PhotoSlot.tsx';
import { PrivatePhoto } from '../components/PrivatePhoto.tsx';
import { StateTag } from '../components/StateTag.tsx';
import { stateOf } from '../model/level-view.ts';
import '../components/kyc.css';
import { showToast } from '../../../lib/feedback.ts';

type Slot = 'frontPhoto' | 'backPhoto' | 'handPhoto';
const SLOTS: Slot[] = ['frontPhoto', 'backPhoto', 'handPhoto'];

/** /mine/identityAdvance: the front, back and hand-held photos (spec §3), after basic is certified. */
export default function IdentityAdvancePage() {
  return <KycFormPage screen={AdvanceScreen} />;
}

function AdvanceScreen({ status: s }: { status: KycStatus }) {
  const { t } = useTranslation('kyc');
  const navigate = useNavigate();
  if (s.basic?.state !== 'approved') {
    return (
      <div className="page-stack">
        <section className="stack-card kyc-card" data-testid="kyc-basic-first">
          <h2 className="kyc-card__title">{t('level.advanced')}</h2>
          <p className="kyc-text">{t('entry.advancedLocked')}</p>
          <Button color="primary" onClick={() => navigate('/mine/identity', { replace: true })}>
            {t('backToEntry')}
          </Button>
        </section>
      </div>
    );
  }
  if (!s.canSubmitAdvanced) return <AdvanceClosed status={s} />;
  return <AdvanceForm rejectReason={s.advanced?.state === 'rejected' ? s.advanced.rejectReason : null} />;
}

/** Under review or certified: the submitted photos, fetched privately. */
function AdvanceClosed(props: { status: KycStatus }) {
  const { t } = useTranslation('kyc');
  const app = props.status.advanced;
  return (
    <div className="page-stack">
      <section className="stack-card kyc-card" data-testid="kyc-advance-closed">
        <div className="kyc-card__head">
          <h2 className="kyc-card__title">{t('level.advanced')}</h2>
          <StateTag state={stateOf(app)} />
        </div>
        {app?.photos ? (
          <div className="kyc-thumbs">
            <PrivatePhoto
              url={app.photos.front}
              alt={t('advanced.frontPhoto')}
              className="kyc-thumb"
              testId="submitted-photo"
            />
            <PrivatePhoto
              url={app.photos.back}
              alt={t('advanced.backPhoto')}
              className="kyc-thumb"
              testId="submitted-photo"
            />
            <PrivatePhoto
              url={app.photos.hand}
              alt={t('advanced.handPhoto')}
              className="kyc-thumb"
              testId="submitted-photo"
            />
          </div>
        ) : null}
      </section>
    </div>
  );
}

function AdvanceForm(props: { rejectReason: string | null }) {
  const { t } = useTranslation('kyc');
  // reached from a money form: back there once submitted
  const detour = useDetour();
  const queryClient = useQueryClient();
  const [photos, setPhotos] = useState<Record<Slot, UploadedPhoto | null>>({
    frontPhoto: null,
    backPhoto: null,
    handPhoto: null,
  });
  const [errors, setErrors] = useState<Partial<Record<Slot, string>>>({});
  const [busy, setBusy] = useState(false);

  const onSubmit = async () => {
    const missing = SLOTS.filter((s) => !photos[s]);
    if (missing.length > 0) {
      return setErrors(Object.fromEntries(missing.map((s) => [s, t('advanced.required')])));
    }
    setBusy(true);
    try {
      await submitAdvanced({
        frontPhoto: photos.frontPhoto!.fileId,
        backPhoto: photos.backPhoto!.fileId,
        handPhoto: photos.handPhoto!.fileId,
      });
      await queryClient.invalidateQueries({ queryKey: kycKeys.all });
      showToast({ icon: 'success', content: t('advanced.submitted') });
      detour.finish('/mine/identity');
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.field && (SLOTS as string[]).includes(err.field)) setErrors((e) => ({ ...e, [err.field!]: err.message }));
      else if (err.kind !== 'unauthorized') showToast({ content: err.message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page-stack">
      {props.rejectReason !== null ? (
        <p className="kyc-reason" data-testid="kyc-reason-advanced">
          {t('entry.reason', { reason: props.rejectReason })}
        </p>
      ) : null}
      <p className="kyc-text">{t('advanced.hint')}</p>
      <section className="stack-card kyc-card kyc-photos">
        {SLOTS.map((slot) => (
          <PhotoSlot
            key={slot}
            name={slot}
            value={photos[slot]}
            error={errors[slot]}
            onChange={(p) => {
              setPhotos((v) => ({ ...v, [slot]: p }));
              setErrors((e) => ({ ...e, [slot]: undefined }));
            }}
          />
        ))}
      </section>
      <ActionButton block color="primary" size="large" busy={busy} onAction={onSubmit} testId="submit-advanced">
        {t('advanced.submit')}
      </ActionButton>
    </div>
  );
}

import { useRef, useState } from 'react';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { CameraOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/use-translation.ts';
import { ApiError } from '../../../lib/api.ts';
import { uploadPhoto } from '../api/kyc.ts';
import { photoProblem } from '../model/photo-file.ts';
import { PrivatePhoto } from './PrivatePhoto.tsx';
import { showToast } from '../../../lib/feedback.ts';

export interface UploadedPhoto {
  fileId: string;
  /** The private URL of the upload; the preview is fetched from it with the session header. */
  url: string;
}

/**
 * One of the three identity photos. Picking a file checks it here, uploads it at once through
 * /xb/v1/common/upload and shows what the server now holds; tapping again replaces it.
 */
export function PhotoSlot(props: {
  name: 'frontPhoto' | 'backPhoto' | 'handPhoto';
  value: UploadedPhoto | null;
  onChange: (photo: UploadedPhoto | null) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('kyc');
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const label = t(`advanced.${props.name}`);

  const pick = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const problem = photoProblem(file);
    if (problem) {
      showToast({ content: t(problem) });
      return;
    }
    setBusy(true);
    try {
      props.onChange(await uploadPhoto(file));
    } catch (err) {
      showToast({ content: err instanceof ApiError ? err.message : t('advanced.uploadFailed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="kyc-slot" data-field={props.name}>
      <div className="kyc-slot__label">{label}</div>
      <label className={'kyc-slot__box' + (props.value ? ' has-photo' : '')} data-testid={`slot-${props.name}`}>
        {busy ? (
          <DotLoading color="primary" />
        ) : props.value ? (
          <>
            <PrivatePhoto url={props.value.url} alt={label} testId={`preview-${props.name}`} zoom={false} />
            <span className="kyc-slot__change">{t('advanced.replace')}</span>
          </>
        ) : (
          <span className="kyc-slot__empty">
            <CameraOutline />
            {t(`advanced.${props.name}Hint`)}
          </span>
        )}
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          hidden
          disabled={busy}
          onChange={(e) => void pick(e.target.files?.[0])}
          data-testid={`input-${props.name}`}
        />
      </label>
      {props.error ? (
        <div className="kyc-field__error" role="alert">
          {props.error}
        </div>
      ) : null}
    </div>
  );
}

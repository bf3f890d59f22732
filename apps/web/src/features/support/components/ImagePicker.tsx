import { useEffect, useRef, useState } from 'react';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { AddOutline, CloseOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/use-translation.ts';
import { ApiError } from '../../../lib/api.ts';
import { uploadImage } from '../api/support.ts';
import { imageProblem, MAX_IMAGES } from '../model/images.ts';
import { showToast } from '../../../lib/feedback.ts';

/** One picked image: its local preview and, once uploaded, the server's file id. */
export interface PickedImage {
  key: string;
  preview: string;
  fileId: string | null;
}

/**
 * Up to six images for a ticket or a chat message. Each file is checked here (type, size, count,
 * with a message in the user's language), uploaded at once through /xb/v1/common/upload, shown as
 * a preview, and can be removed. `onChange` gets the list; only entries with a fileId are sent.
 */
export function ImagePicker(props: {
  value: PickedImage[];
  onChange: (v: PickedImage[]) => void;
  max?: number;
  testId?: string;
}) {
  const { t } = useTranslation('support');
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(0);
  const inFlight = useRef(0);
  const max = props.max ?? MAX_IMAGES;
  // the list as of the last render, also read by uploads that finish later
  const latest = useRef(props.value);
  useEffect(() => {
    latest.current = props.value;
  }, [props.value]);

  // previews are object URLs: free them when the picker goes away
  useEffect(() => () => latest.current.forEach((p) => URL.revokeObjectURL(p.preview)), []);

  const pick = async (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) {
      const problem = imageProblem(file, latest.current.length + inFlight.current);
      if (problem) {
        showToast({ content: t(problem, { max }) });
        continue;
      }
      const entry: PickedImage = {
        key: `${Date.now()}-${Math.random()}`,
        preview: URL.createObjectURL(file),
        fileId: null,
      };
      inFlight.current += 1;
      setUploading(inFlight.current);
      try {
        const { fileId } = await uploadImage(file);
        const next = [...latest.current, { ...entry, fileId }];
        latest.current = next;
        props.onChange(next);
      } catch (err) {
        URL.revokeObjectURL(entry.preview);
        showToast({ content: err instanceof ApiError ? err.message : t('images.uploadFailed') });
      } finally {
        inFlight.current -= 1;
        setUploading(inFlight.current);
      }
    }
    if (input.current) input.current.value = '';
  };

  const remove = (key: string) => {
    const gone = props.value.find((p) => p.key === key);
    if (gone) URL.revokeObjectURL(gone.preview);
    props.onChange(props.value.filter((p) => p.key !== key));
  };

  return (
    <div className="sp-picker" data-testid={props.testId ?? 'image-picker'}>
      {props.value.map((p, i) => (
        <div key={p.key} className="sp-picker__item">
          <img
            src={p.preview}
            alt={t('images.preview', { n: i + 1 })}
            className="sp-thumb"
            data-testid="picked-image"
          />
          <button
            type="button"
            className="sp-picker__remove"
            onClick={() => remove(p.key)}
            aria-label={t('images.remove')}
            data-testid="remove-image"
          >
            <CloseOutline />
          </button>
        </div>
      ))}
      {uploading > 0 ? (
        <div className="sp-thumb sp-thumb--empty" aria-live="polite">
          <DotLoading color="primary" />
        </div>
      ) : null}
      {props.value.length + uploading < max ? (
        <label className="sp-thumb sp-picker__add" aria-label={t('images.add')}>
          <AddOutline />
          <input
            ref={input}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            hidden
            onChange={(e) => void pick(e.target.files)}
            data-testid="image-input"
          />
        </label>
      ) : null}
    </div>
  );
}

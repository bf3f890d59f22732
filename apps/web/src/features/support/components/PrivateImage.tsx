import { useEffect, useState } from 'react';
import ImageViewer from 'antd-mobile/es/components/image-viewer';
import { PictureOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/use-translation.ts';
import { getToken } from '../../../lib/storage.ts';

/**
 * An image the user uploaded. Uploads are private: the file call needs the session header, so the
 * image is fetched and shown from a blob URL (revoked when it leaves). Tap to see it full size.
 */
export function PrivateImage(props: { fileId: string; size?: number }) {
  const { t } = useTranslation('support');
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    let url: string | null = null;
    const abort = new AbortController();
    const token = getToken();
    fetch(`/api/xb/v1/common/file/${encodeURIComponent(props.fileId)}`, {
      headers: token ? { authorization: token } : {},
      signal: abort.signal,
    })
      .then(async (r) => {
        if (!r.ok) throw new Error(String(r.status));
        url = URL.createObjectURL(await r.blob());
        setSrc(url);
      })
      .catch(() => {
        if (!abort.signal.aborted) setFailed(true);
      });
    return () => {
      abort.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [props.fileId]);

  const size = props.size ?? 72;
  if (!src) {
    return (
      <span
        className="sp-thumb sp-thumb--empty"
        style={{ width: size, height: size }}
        title={failed ? t('images.unavailable') : undefined}
      >
        <PictureOutline />
      </span>
    );
  }
  return (
    <>
      <button
        type="button"
        className="sp-thumb-button"
        onClick={() => setOpen(true)}
        aria-label={t('images.attachment')}
      >
        <img
          className="sp-thumb"
          src={src}
          alt={t('images.attachment')}
          style={{ width: size, height: size }}
          data-testid="private-image"
        />
      </button>
      <ImageViewer image={src} visible={open} onClose={() => setOpen(false)} />
    </>
  );
}

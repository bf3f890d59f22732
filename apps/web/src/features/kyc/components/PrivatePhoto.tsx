import { useEffect, useState } from 'react';
import ImageViewer from 'antd-mobile/es/components/image-viewer';
import { PictureOutline } from 'antd-mobile-icons';
import { getToken } from '../../../lib/storage.ts';

/**
 * An identity photo. Its URL is private (only the owner may fetch it), so an <img src> cannot load
 * it: the bytes are fetched with the session header and shown from a blob URL, revoked when the
 * image goes away. Tap to see it full size (unless `zoom` is false, e.g. inside a picker).
 */
export function PrivatePhoto(props: { url: string; alt: string; className?: string; testId?: string; zoom?: boolean }) {
  // the blob is kept with the URL it was fetched from, so a new URL never shows the old picture
  const [loaded, setLoaded] = useState<{ url: string; blob: string } | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    let blobUrl: string | null = null;
    const abort = new AbortController();
    const token = getToken();
    fetch(props.url, { headers: token ? { authorization: token } : {}, signal: abort.signal })
      .then(async (r) => {
        if (!r.ok) throw new Error(String(r.status));
        blobUrl = URL.createObjectURL(await r.blob());
        setLoaded({ url: props.url, blob: blobUrl });
      })
      .catch(() => {
        // the placeholder stays: the photo is unavailable (deleted, or the session ended)
      });
    return () => {
      abort.abort();
      if (blobUrl) URL.revokeObjectURL(blobUrl);
    };
  }, [props.url]);

  const src = loaded?.url === props.url ? loaded.blob : null;
  if (!src) {
    return (
      <span className={props.className} aria-label={props.alt} role="img">
        <PictureOutline />
      </span>
    );
  }
  const img = <img className={props.className} src={src} alt={props.alt} data-testid={props.testId} />;
  if (props.zoom === false) return img;
  return (
    <>
      <button type="button" className="kyc-zoom" onClick={() => setOpen(true)}>
        {img}
      </button>
      <ImageViewer image={src} visible={open} onClose={() => setOpen(false)} />
    </>
  );
}

import { Image, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { fetchBlobUrl } from '../../lib/api.ts';

/** A private identity photo: fetched with the operator's token (never a public URL), shown, then released. */
export function KycPhoto({ url, alt }: { url: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    fetchBlobUrl(url.replace(/^\/api/, ''))
      .then((u) => {
        objectUrl = u;
        setSrc(u);
      })
      .catch(() => setSrc(null));
    return () => {
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return src ? <Image src={src} alt={alt} width={200} /> : <Skeleton.Image active />;
}

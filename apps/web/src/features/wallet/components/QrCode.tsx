import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

/** A QR code of `text`, drawn in the browser (no network). */
export function QrCode(props: { text: string; label: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(props.text, { margin: 1, width: 360, errorCorrectionLevel: 'M' })
      .then((u) => live && setUrl(u))
      .catch(() => live && setUrl(null));
    return () => {
      live = false;
    };
  }, [props.text]);
  return url ? (
    <img src={url} alt={props.label} data-testid="deposit-qr" />
  ) : (
    <div style={{ width: 180, height: 180 }} aria-busy="true" />
  );
}

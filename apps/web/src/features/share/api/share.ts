import { requestHeaders } from '../../../lib/api-core.ts';
import { API_BASE } from '../../../lib/api.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { getToken } from '../../../lib/storage.ts';

export type ShareKind = 'cycle' | 'futures' | 'earn';

/**
 * The share card PNG of one of the user's own items (apps/server/src/modules/share): an image, not the JSON
 * envelope, so it is fetched here rather than through apiPost. In the app's language; amounts only when asked.
 */
export async function fetchShareCard(kind: ShareKind, id: number, amounts: boolean): Promise<Blob> {
  const res = await fetch(`${API_BASE}/xb/v1/share/card`, {
    method: 'POST',
    headers: requestHeaders(currentLocale(), getToken(), true),
    body: JSON.stringify({ kind, id, amounts }),
  });
  if (!res.ok || !res.headers.get('content-type')?.startsWith('image/png'))
    throw new Error(`share card: ${res.status}`);
  return res.blob();
}

export type ShareResult = 'shared' | 'downloaded' | 'cancelled';

/** The phone's share sheet with the image when the browser can share files; a download otherwise. */
export async function shareImage(blob: Blob, fileName: string, title: string): Promise<ShareResult> {
  const file = new File([blob], fileName, { type: 'image/png' });
  if (typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title });
      return 'shared';
    } catch (err) {
      if ((err as { name?: string } | null)?.name === 'AbortError') return 'cancelled';
    }
  }
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return 'downloaded';
}

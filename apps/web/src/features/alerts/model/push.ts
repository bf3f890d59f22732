import { apiPost } from '../../../lib/api.ts';

/**
 * This browser's Web Push subscription for the signed-in user: asks the permission, subscribes through the service
 * worker (public/sw.js shows what arrives) with the server's VAPID public key and hands the subscription to the
 * server. The worker is registered by production builds only (lib/pwa.ts); without it the answer is 'unsupported'.
 */
export type PushState = 'subscribed' | 'unsupported' | 'denied';

export async function subscribeThisBrowser(): Promise<PushState> {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window))
    return 'unsupported';
  const registration = await Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), 3000)),
  ]);
  if (!registration) return 'unsupported';
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  try {
    const { publicKey } = await apiPost<{ publicKey: string }>('/xb/v1/alerts/push/key', {}, { silent: true });
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: fromBase64Url(publicKey),
      }));
    await apiPost('/xb/v1/alerts/push/subscribe', subscription.toJSON(), { silent: true });
    return 'subscribed';
  } catch {
    // no push service reachable from this browser (or the server refused it)
    return 'unsupported';
  }
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const raw = atob(base64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

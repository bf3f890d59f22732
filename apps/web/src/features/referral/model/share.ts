/**
 * Sharing the invite link: the phone's share sheet when the browser has one (navigator.share),
 * else the clipboard. Returns what happened so the screen can say it.
 */
export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

export interface ShareHost {
  share?: (data: { title?: string; text?: string; url?: string }) => Promise<void>;
  clipboard?: { writeText(text: string): Promise<void> };
}

export async function shareLink(
  host: ShareHost,
  data: { title: string; text: string; url: string },
): Promise<ShareOutcome> {
  if (typeof host.share === 'function') {
    try {
      await host.share(data);
      return 'shared';
    } catch (err) {
      // the user closed the share sheet: not an error, and no clipboard fallback
      if ((err as { name?: string } | null)?.name === 'AbortError') return 'cancelled';
    }
  }
  return copyText(host, data.url);
}

export async function copyText(host: ShareHost, text: string): Promise<ShareOutcome> {
  try {
    if (!host.clipboard) return 'failed';
    await host.clipboard.writeText(text);
    return 'copied';
  } catch {
    return 'failed';
  }
}

/** A published rate "0.2" as a percentage "20%" — digit work on the string, no float. */
export function rateToPercent(rate: string): string {
  const m = /^(\d+)(?:\.(\d*))?$/.exec(rate.trim());
  if (!m) return rate;
  const frac = (m[2] ?? '').padEnd(2, '0');
  const int = String(Number(m[1]) * 100 + Number(frac.slice(0, 2)));
  const rest = frac.slice(2).replace(/0+$/, '');
  return `${int}${rest ? '.' + rest : ''}%`;
}

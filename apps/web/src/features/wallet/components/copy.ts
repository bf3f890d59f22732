import Toast from 'antd-mobile/es/components/toast';
import { translate } from '../../../lib/i18n.ts';

/** Copies text to the clipboard and says so; falls back to a hidden textarea where the API is missing (plain http). */
export async function copyText(text: string): Promise<void> {
  try {
    if (navigator.clipboard && window.isSecureContext) await navigator.clipboard.writeText(text);
    else legacyCopy(text);
    Toast.show({ content: translate('wallet:deposit.copied'), icon: 'success' });
  } catch {
    Toast.show({ content: translate('wallet:deposit.copyFailed') });
  }
}

function legacyCopy(text: string): void {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy refused');
}

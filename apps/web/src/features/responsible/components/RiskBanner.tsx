import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { useSignedIn } from '../../../lib/session.ts';
import { formatDateTime } from '../../referral/model/dates.ts'; // referral feature: dates in the reader's language
import { responsibleQuery } from '../api/responsible.ts';
import './responsible.css';

const dismissedKey = (product: string) => `tm.riskBanner.${product}`;

function wasDismissed(product: string): boolean {
  try {
    return sessionStorage.getItem(dismissedKey(product)) === '1';
  } catch {
    return false;
  }
}

/**
 * The risk warning on the futures and cycle screens: what can be lost, the young-account leverage cap when one
 * applies (and why), and the way to the quiz and the cooling-off. Dismissed for the browser session only.
 */
export function RiskBanner({ product }: { product: 'futures' | 'cycle' }) {
  const { t, i18n } = useTranslation('responsible');
  const signedIn = useSignedIn();
  const [hidden, setHidden] = useState(() => wasDismissed(product));
  const status = useQuery({ ...responsibleQuery(i18n.language), enabled: signedIn && !hidden });
  if (hidden) return null;
  const cap = product === 'futures' ? status.data?.leverageCap : null;
  const dismiss = () => {
    try {
      sessionStorage.setItem(dismissedKey(product), '1');
    } catch {
      // private mode without storage: hidden until the screen is opened again
    }
    setHidden(true);
  };
  return (
    <div className="rsp-banner" role="note" data-testid="risk-banner">
      <div className="rsp-banner__text">
        <span>{t(`banner.${product}`)}</span>
        {cap ? (
          <span data-testid="risk-banner-cap">
            {t('banner.cap', { cap: cap.cap, days: cap.days, until: formatDateTime(cap.until, i18n.language) })}
          </span>
        ) : null}
        <Link to="/mine/responsible">{t('banner.link')}</Link>
      </div>
      <button
        type="button"
        className="rsp-banner__close"
        aria-label={t('banner.dismiss')}
        onClick={dismiss}
        data-testid="risk-banner-dismiss"
      >
        ×
      </button>
    </div>
  );
}

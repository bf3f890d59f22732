import List from 'antd-mobile/es/components/list';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { creditQuery } from '../api/referral.ts';
import { LoadState } from '../../../components/LoadState.tsx';
import { signedInPage } from '../../../components/SignInGate.tsx';
import { formatDateTime } from '../model/dates.ts';
import '../components/referral.css';

/**
 * /mine/credit: the credit score and every change to it with the operator's reason (spec §3). The
 * score starts at a published value and is only ever changed by an operator.
 */
export default signedInPage('referral', CreditScreen);

function CreditScreen() {
  const { t, i18n } = useTranslation('referral');
  const credit = useQuery(creditQuery());
  if (!credit.data) return <LoadState of={[credit]} />;
  const c = credit.data;
  return (
    <div className="page-stack" data-testid="credit-page">
      <section className="stack-card">
        <div className="ref-label" style={{ textAlign: 'center' }}>
          {t('credit.score')}
        </div>
        <div className="ref-score" data-testid="credit-score">
          {c.score}
        </div>
        <p className="ref-muted">{t('credit.explain', { start: c.start })}</p>
      </section>
      <section className="stack-card ref-card--list">
        <h2 className="ref-card__title">{t('credit.history')}</h2>
        {c.history.length === 0 ? (
          <div className="ref-empty" data-testid="credit-empty">
            {t('credit.noChanges')}
          </div>
        ) : (
          <List>
            {c.history.map((h, i) => (
              <List.Item
                key={`${h.at}-${i}`}
                title={formatDateTime(h.at, i18n.language)}
                extra={
                  <span className={'ref-change ' + (h.to >= h.from ? 'is-up' : 'is-down')}>
                    {h.from} → {h.to}
                  </span>
                }
                data-testid="credit-change"
              >
                <span className="ref-reason">{h.reason}</span>
              </List.Item>
            ))}
          </List>
        )}
      </section>
    </div>
  );
}

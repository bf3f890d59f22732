import { useTranslation } from '../../../lib/use-translation.ts';
import type { KycLevel } from '@tidemark/contract/kyc';
import { groupThousands } from '../../../lib/format/decimal.ts';
import type { KycLimitsAnswer } from '../api/kyc.ts';
import { HeadedTable } from '../../../components/HeadedTable.tsx';

/** "200 BTC", "1,000,000 USDT"; an unverified account's zero reads "not available". */
function amount(value: string, unit: string, none: string): string {
  return /^0(\.0*)?$/.test(value) ? none : `${groupThousands(value)} ${unit}`;
}

/**
 * The limits of spec §6: the user's own (two figures up top) and the full table by level, the
 * user's row highlighted. Figures are the server's decimal strings, only grouped for display.
 */
export function LimitsTable(props: { limits: KycLimitsAnswer }) {
  const { t } = useTranslation('kyc');
  const { limits } = props;
  const none = t('limits.none');
  const levelName = (l: KycLevel) => t(`level.${l}`);
  return (
    <section className="stack-card kyc-card" data-testid="kyc-limits">
      <div className="kyc-card__head">
        <h2 className="kyc-card__title">{t('limits.title')}</h2>
        <span className="kyc-text" data-testid="kyc-current-level">
          {levelName(limits.level)}
        </span>
      </div>
      <div className="kyc-current">
        <div className="kyc-current__cell">
          <div className="kyc-current__label">{t('limits.withdraw')}</div>
          <div className="kyc-current__value" data-testid="kyc-limit-withdraw">
            {amount(limits.current.withdrawBtcPer24h, limits.withdrawUnit, none)}
          </div>
        </div>
        <div className="kyc-current__cell">
          <div className="kyc-current__label">{t('limits.fiat')}</div>
          <div className="kyc-current__value" data-testid="kyc-limit-fiat">
            {amount(limits.current.fiatPerTrade, limits.fiatUnit, none)}
          </div>
        </div>
      </div>
      <HeadedTable head={[t('limits.level'), t('limits.withdrawShort'), t('limits.fiatShort')]} className="kyc-table">
        {limits.table.map((row) => (
          <tr
            key={row.level}
            className={row.level === limits.level ? 'is-current' : undefined}
            data-testid={`kyc-limits-row-${row.level}`}
          >
            <td>{levelName(row.level)}</td>
            <td>{amount(row.withdrawBtcPer24h, limits.withdrawUnit, none)}</td>
            <td>{amount(row.fiatPerTrade, limits.fiatUnit, none)}</td>
          </tr>
        ))}
      </HeadedTable>
    </section>
  );
}

import { useTranslation } from '../../../lib/use-translation.ts';
import { formatPrice } from '../../../lib/format/price.ts';
import { convertRecordsQuery } from '../api/wallet.ts';
import { signedInPage } from '../../../components/SignInGate.tsx';
import { PagedRecords } from '../components/PagedRecords.tsx';
import { Time } from '../components/Time.tsx';
import { showAmount } from '../model/amounts.ts';
import '../components/wallet.css';

/** /convertRecord: the user's executed conversions. */
export default signedInPage('wallet', ConvertRecords);

function ConvertRecords() {
  const { t } = useTranslation('wallet');
  return (
    <div className="wal-page">
      <PagedRecords
        query={convertRecordsQuery}
        empty={{ title: t('convert.noRecords'), testId: 'converts-empty' }}
        row={(r) => (
          <div className="wal-record" data-testid="convert-record">
            <div className="wal-record__head">
              <span>
                {r.from} → {r.to}
              </span>
              <Time at={r.time} />
            </div>
            <div className="wal-record__sub">
              <span>
                {showAmount(r.amount)} {r.from}
              </span>
              <span>
                {showAmount(r.receive)} {r.to}
              </span>
            </div>
            <div className="wal-record__sub">
              <span>{t('convert.rateShort', { rate: formatPrice(r.rate) })}</span>
              <span>{t('withdraw.feeShort', { fee: `${showAmount(r.fee)} ${r.to}` })}</span>
            </div>
          </div>
        )}
      />
    </div>
  );
}

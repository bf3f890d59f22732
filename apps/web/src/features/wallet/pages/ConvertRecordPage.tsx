import { useState } from 'react';
import { FileOutline } from 'antd-mobile-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { formatPrice } from '../../../lib/format/price.ts';
import { convertRecordsQuery, PAGE_SIZE } from '../api/wallet.ts';
import { LoadState } from '../../../components/LoadState.tsx';
import { signedInPage } from '../../../components/SignInGate.tsx';
import { Pager } from '../components/Pager.tsx';
import { Time } from '../components/Time.tsx';
import { showAmount } from '../model/amounts.ts';
import '../components/wallet.css';

/** /convertRecord: the user's executed conversions. */
export default signedInPage('wallet', ConvertRecords);

function ConvertRecords() {
  const { t } = useTranslation('wallet');
  const [page, setPage] = useState(1);
  const records = useQuery(convertRecordsQuery(page));
  return (
    <div className="wal-page">
      <section className="card">
        {!records.data ? (
          <LoadState of={[records]} />
        ) : records.data.items.length === 0 ? (
          <EmptyState testId="converts-empty" icon={<FileOutline />} title={t('convert.noRecords')} />
        ) : (
          <>
            {records.data.items.map((r) => (
              <div className="wal-record" key={r.id} data-testid="convert-record">
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
            ))}
            <Pager page={page} size={PAGE_SIZE} total={records.data.total} onPage={setPage} />
          </>
        )}
      </section>
    </div>
  );
}

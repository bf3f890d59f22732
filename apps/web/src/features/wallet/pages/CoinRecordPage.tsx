import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import DatePicker from 'antd-mobile/es/components/date-picker';
import { UnorderedListOutline } from 'antd-mobile-icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { isLocale, LANGUAGE_TAGS } from '../../../lib/languages.ts';
import { ApiError } from '../../../lib/api.ts';
import { PAGE_SIZE, recordsQuery } from '../api/wallet.ts';
import { RECORD_TYPES, type LedgerRecord, type RecordType } from '../api/types.ts';
import { LoadState } from '../../../components/LoadState.tsx';
import { signedInPage } from '../../../components/SignInGate.tsx';
import { Pager } from '../components/Pager.tsx';
import { Time } from '../components/Time.tsx';
import { showAmount } from '../model/amounts.ts';
import {
  defaultRange,
  earliestFrom,
  endOfDay,
  latestTo,
  rangeBounds,
  startOfDay,
  type DateRange,
} from '../model/date-range.ts';
import { kindKey, signed } from '../model/record-kinds.ts';
import '../components/wallet.css';

/** /property/coinRecord: the user's ledger history, by type and date range (at most the server's maximum days). */
export default signedInPage('wallet', CoinRecords);

function CoinRecords() {
  const { t, i18n } = useTranslation('wallet');
  const [type, setType] = useState<RecordType | undefined>(undefined);
  const [page, setPage] = useState(1);
  // null: the server's default range (the last maxDays days), which also tells us maxDays
  const [range, setRange] = useState<DateRange | null>(null);
  const [knownMaxDays, setKnownMaxDays] = useState<number | null>(null);
  const [picking, setPicking] = useState<'from' | 'to' | null>(null);
  const bounds = range && knownMaxDays ? rangeBounds(range, knownMaxDays) : null;
  const records = useQuery({
    ...recordsQuery({ type, page, ...(bounds ?? {}) }),
    placeholderData: keepPreviousData,
  });
  // the widest range is the server's setting: learnt from its first answer
  const maxDays = records.data?.maxDays ?? knownMaxDays;
  if (maxDays !== knownMaxDays) setKnownMaxDays(maxDays);

  const now = new Date();
  const shown = range ?? (maxDays ? defaultRange(now, maxDays) : null);
  const tag = isLocale(i18n.language) ? LANGUAGE_TAGS[i18n.language] : 'en-US';
  const day = (d: Date) => new Intl.DateTimeFormat(tag, { dateStyle: 'medium' }).format(d);

  const choose = (next: RecordType | undefined) => {
    setType(next);
    setPage(1);
  };

  return (
    <div className="wal-page">
      <section className="card">
        <div className="wal-chips" role="group" aria-label={t('records.type')}>
          <button
            type="button"
            className={'wal-chip' + (type === undefined ? ' wal-chip--on' : '')}
            onClick={() => choose(undefined)}
            data-testid="type-all"
          >
            {t('records.all')}
          </button>
          {RECORD_TYPES.map((r) => (
            <button
              key={r}
              type="button"
              className={'wal-chip' + (type === r ? ' wal-chip--on' : '')}
              onClick={() => choose(r)}
              data-testid={`type-${r}`}
            >
              {t(`type.${r}`)}
            </button>
          ))}
        </div>
        {shown && maxDays ? (
          <>
            <div className="wal-range" style={{ marginTop: 12 }}>
              <Button size="small" onClick={() => setPicking('from')} data-testid="range-from">
                {day(shown.from)}
              </Button>
              <span>–</span>
              <Button size="small" onClick={() => setPicking('to')} data-testid="range-to">
                {day(shown.to)}
              </Button>
            </div>
            <div className="wal-hint">{t('records.maxDays', { days: maxDays })}</div>
            <DatePicker
              title={t('records.from')}
              visible={picking === 'from'}
              value={shown.from}
              min={earliestFrom(shown.to, maxDays)}
              max={shown.to}
              onClose={() => setPicking(null)}
              onConfirm={(d) => {
                setRange({ from: startOfDay(d), to: shown.to });
                setPage(1);
              }}
            />
            <DatePicker
              title={t('records.to')}
              visible={picking === 'to'}
              value={shown.to}
              min={shown.from}
              max={latestTo(shown.from, maxDays, now)}
              onClose={() => setPicking(null)}
              onConfirm={(d) => {
                setRange({ from: shown.from, to: endOfDay(d) });
                setPage(1);
              }}
            />
          </>
        ) : null}
      </section>
      <section className="card">
        {!records.data ? (
          records.isError && records.error instanceof ApiError && records.error.kind === 'server' ? (
            <div className="wal-field__error" role="alert">
              {records.error.message}
            </div>
          ) : (
            <LoadState of={[records]} />
          )
        ) : records.data.items.length === 0 ? (
          <EmptyState testId="records-empty" icon={<UnorderedListOutline />} title={t('records.empty')} />
        ) : (
          <>
            {records.data.items.map((r) => (
              <RecordRow key={r.id} record={r} />
            ))}
            <Pager page={page} size={PAGE_SIZE} total={records.data.total} onPage={setPage} />
          </>
        )}
      </section>
    </div>
  );
}

function RecordRow(props: { record: LedgerRecord }) {
  const { t } = useTranslation('wallet');
  const r = props.record;
  const moved = r.available !== '0';
  return (
    <div className="wal-record" data-testid="ledger-record" data-kind={r.kind}>
      <div className="wal-record__head">
        <span>
          {t(kindKey(r.kind))} · {r.currency}
        </span>
        {moved ? (
          <span className={r.available.startsWith('-') ? 'wal-down' : 'wal-up'}>{signed(showAmount(r.available))}</span>
        ) : null}
      </div>
      <div className="wal-record__sub">
        <span>{t(`wallet.${r.wallet}`)}</span>
        {r.frozen !== '0' ? <span>{t('records.frozenChange', { amount: signed(showAmount(r.frozen)) })}</span> : null}
        <Time at={r.time} />
      </div>
      {r.memo ? <div className="wal-record__mono">{r.memo}</div> : null}
    </div>
  );
}

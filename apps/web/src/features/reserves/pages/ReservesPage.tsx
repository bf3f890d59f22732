import Button from 'antd-mobile/es/components/button';
import Tag from 'antd-mobile/es/components/tag';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate } from 'react-router-dom';
import { formatUnits, parseUnits } from '@tidemark/contract/money';
import type {
  PublishedReserveCurrency as PublishedCurrency,
  PublishedReserveSnapshot as PublishedSnapshot,
  ReserveProof,
} from '@tidemark/contract/reserves';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { LoadState } from '../../../components/LoadState.tsx';
import { groupThousands } from '../../../lib/format/decimal.ts';
import { LANGUAGE_TAGS, isLocale } from '../../../lib/languages.ts';
import { useSignedIn } from '../../../lib/session.ts';
import { latestSnapshotQuery, myProofsQuery } from '../api/reserves.ts';
import { checkProof, proofFileName, ratioPercent } from '../model/proof-check.ts';
import '../components/reserves.css';

/**
 * /mine/reserves: the latest proof-of-reserves snapshot — per currency the Merkle root, what is owed to users,
 * what the platform holds (demo where the chain is simulated) and the ratio — and the signed-in user's own
 * inclusion proof, recomputed here in the browser, with the file `npm run por:verify` checks.
 */
export default function ReservesPage() {
  const { t, i18n } = useTranslation('reserves');
  const latest = useQuery(latestSnapshotQuery());
  if (latest.data === undefined) return <LoadState of={[latest]} />;
  const snap = latest.data;
  const tag = isLocale(i18n.language) ? LANGUAGE_TAGS[i18n.language] : 'en-US';
  return (
    <div className="page-body" data-testid="reserves-page">
      <section className="card por-card">
        <p className="por-muted">{t('intro')}</p>
        {snap ? (
          <div className="por-label" data-testid="reserves-snapshot">
            {t('takenAt', {
              id: snap.id,
              time: new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }).format(snap.takenAt),
            })}
          </div>
        ) : null}
      </section>
      {snap ? (
        <>
          <MyProofs snap={snap} />
          {snap.currencies.map((c) => (
            <CurrencyCard key={c.currency} c={c} />
          ))}
        </>
      ) : (
        <EmptyState title={t('none')} testId="reserves-none" />
      )}
    </div>
  );
}

function CurrencyCard({ c }: { c: PublishedCurrency }) {
  const { t } = useTranslation('reserves');
  return (
    <section className="card por-card" data-testid={`reserves-currency-${c.currency}`}>
      <h2 className="por-card__title">
        {c.currency}
        {c.demo ? (
          <Tag color="warning" fill="outline">
            {t('demo')}
          </Tag>
        ) : null}
      </h2>
      <Row label={t('liabilities')} value={groupThousands(c.liabilities)} note={t('users', { count: c.leafCount })} />
      {c.inFlight !== '0' ? <Row label={t('inFlight')} value={groupThousands(c.inFlight)} /> : null}
      <Row label={t('holdings')} value={groupThousands(c.holdingsTotal)} />
      {c.holdings.map((h) => (
        <Row
          key={h.network}
          sub
          label={h.source === 'simulated' ? t('simulatedChain') : h.network}
          value={groupThousands(h.amount)}
        />
      ))}
      <Row label={t('ratio')} value={c.ratio === null ? '—' : `${ratioPercent(c.ratio)} %`} testId="reserves-ratio" />
      {c.demo ? <p className="por-muted">{t('demoNote')}</p> : null}
      <div className="por-label">{t('rootHash')}</div>
      <code className="por-hash" data-testid={`reserves-root-${c.currency}`}>
        {c.rootHash}
      </code>
    </section>
  );
}

function Row(props: { label: string; value: string; note?: string; sub?: boolean; testId?: string }) {
  return (
    <div className={props.sub ? 'por-row por-row--sub' : 'por-row'}>
      <span className="por-label">{props.label}</span>
      <span className="por-value" data-testid={props.testId}>
        {props.value}
        {props.note ? <span className="por-muted"> · {props.note}</span> : null}
      </span>
    </div>
  );
}

function MyProofs({ snap }: { snap: PublishedSnapshot }) {
  const { t } = useTranslation('reserves');
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  const mine = useQuery({ ...myProofsQuery(snap.id), enabled: signedIn });
  const proofs = mine.data?.proofs;
  const checks = useQuery({
    queryKey: ['reserves', 'check', snap.id, proofs],
    enabled: proofs !== undefined,
    queryFn: () =>
      Promise.all(
        (proofs ?? []).map((p) => {
          const c = snap.currencies.find((x) => x.currency === p.currency);
          return checkProof(
            p,
            c && { rootHash: c.rootHash, liabilitiesUnits: parseUnits(c.liabilities, p.scale).toString() },
          );
        }),
      ),
  });
  return (
    <section className="card por-card" data-testid="reserves-mine">
      <h2 className="por-card__title">{t('mine.title')}</h2>
      {!signedIn ? (
        <>
          <p className="por-muted">{t('mine.guest')}</p>
          <Button
            color="primary"
            onClick={() => void navigate('/login', { state: { from: '/mine/reserves' } })}
            data-testid="reserves-login"
          >
            {t('mine.login')}
          </Button>
        </>
      ) : !proofs ? (
        <LoadState of={[mine]} />
      ) : proofs.length === 0 ? (
        <p className="por-muted" data-testid="reserves-mine-empty">
          {t('mine.empty')}
        </p>
      ) : (
        <>
          {proofs.map((p, i) => {
            const check = checks.data?.[i];
            return (
              <div className="por-proof" key={p.currency} data-testid={`reserves-proof-${p.currency}`}>
                <div className="por-row">
                  <span className="por-label">
                    {p.currency} · {t('mine.balance')}
                  </span>
                  <span className="por-value">{groupThousands(formatUnits(BigInt(p.leaf.balance), p.scale))}</span>
                </div>
                <div className="por-row">
                  <span
                    className={`por-state por-state--${check?.state ?? 'checking'}`}
                    data-testid={`reserves-state-${p.currency}`}
                    role="status"
                  >
                    {check ? t(`mine.${check.state}`) : t('mine.checking')}
                  </span>
                  <Button size="mini" fill="outline" onClick={() => download(p)}>
                    {t('mine.download')}
                  </Button>
                </div>
                {check?.state === 'verified' ? (
                  <div className="por-muted">{t('mine.steps', { count: p.path.length })}</div>
                ) : check?.state === 'mismatch' ? (
                  <div className="por-muted" data-testid={`reserves-mismatch-${p.currency}`}>
                    {t('mine.mismatchNote')}
                  </div>
                ) : null}
              </div>
            );
          })}
          <p className="por-muted">{t('mine.howto', { file: proofFileName(proofs[0]!) })}</p>
        </>
      )}
    </section>
  );
}

function download(proof: ReserveProof) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(proof, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = proofFileName(proof);
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

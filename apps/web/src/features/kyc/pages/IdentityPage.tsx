import Button from 'antd-mobile/es/components/button';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useDetour } from '../../../lib/detour.ts';
import { kycLimitsQuery, kycStatusQuery, type KycStatus } from '../api/kyc.ts';
import { BindFirst } from '../components/BindFirst.tsx';
import { LoadState } from '../../../components/LoadState.tsx';
import { LimitsTable } from '../components/LimitsTable.tsx';
import { StateTag } from '../components/StateTag.tsx';
import { LEVEL_PATHS, levelView } from '../model/level-view.ts';
import '../components/kyc.css';

/**
 * /mine/identity and /mine/identityNew (guarded by the router): the state of basic and advanced
 * verification, what to do next, and the limits each level brings (spec §4, §6).
 */
export default function IdentityPage() {
  const status = useQuery(kycStatusQuery());
  const limits = useQuery(kycLimitsQuery());
  if (!status.data || !limits.data) {
    return (
      <LoadState
        error={status.isError || limits.isError}
        retry={() => {
          void status.refetch();
          void limits.refetch();
        }}
      />
    );
  }
  const s = status.data;
  const bound = s.emailBound && s.phoneBound;
  return (
    <div className="page-stack" data-testid="kyc-entry">
      {!bound ? <BindFirst emailBound={s.emailBound} phoneBound={s.phoneBound} /> : null}
      <LevelCard status={s} level="basic" bound={bound} />
      <LevelCard status={s} level="advanced" bound={bound} />
      <LimitsTable limits={limits.data} />
    </div>
  );
}

function LevelCard(props: { status: KycStatus; level: 'basic' | 'advanced'; bound: boolean }) {
  const { t } = useTranslation('kyc');
  // reached from a money form: the level's form returns there once submitted
  const detour = useDetour();
  const view = levelView(props.status, props.level);
  const app = view.application;
  return (
    <section className="stack-card kyc-card" data-testid={`kyc-level-${props.level}`}>
      <div className="kyc-card__head">
        <h2 className="kyc-card__title">{t(`level.${props.level}`)}</h2>
        <StateTag state={view.state} testId={`kyc-state-${props.level}`} />
      </div>
      <p className="kyc-text">{t(`entry.${props.level}Text`)}</p>
      {view.state === 'locked' ? <p className="kyc-text">{t('entry.advancedLocked')}</p> : null}
      {view.state === 'under_certification' ? <p className="kyc-text">{t('entry.underReview')}</p> : null}
      {view.reason !== null ? (
        <p className="kyc-reason" data-testid={`kyc-reason-${props.level}`}>
          {t('entry.reason', { reason: view.reason })}
        </p>
      ) : null}
      {app && app.state !== 'rejected' && app.realName ? (
        <dl className="kyc-facts">
          <dt>{t('basic.realName')}</dt>
          <dd>{app.realName}</dd>
          <dt>{t('basic.idNumber')}</dt>
          <dd>{app.idNumber}</dd>
        </dl>
      ) : null}
      {view.action ? (
        <Button
          color="primary"
          disabled={!props.bound}
          onClick={() => detour.forward(LEVEL_PATHS[props.level])}
          data-testid={`kyc-${view.action}-${props.level}`}
        >
          {t(`entry.${view.action}`)}
        </Button>
      ) : null}
    </section>
  );
}

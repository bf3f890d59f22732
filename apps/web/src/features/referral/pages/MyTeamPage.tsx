import Button from 'antd-mobile/es/components/button';
import { ActionButton } from '../../../components/ActionButton.tsx';
import List from 'antd-mobile/es/components/list';
import Tag from 'antd-mobile/es/components/tag';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { KycUserState } from '@tidemark/contract/kyc';
import { groupThousands } from '../../../lib/format/decimal.ts';
import { rewardsQuery, rulesQuery, teamQuery } from '../api/referral.ts';
import { LoadState } from '../../../components/LoadState.tsx';
import { signedInPage } from '../../../components/SignInGate.tsx';
import { formatDate, formatDateTime } from '../model/dates.ts';
import { rateToPercent } from '../model/share.ts';
import '../components/referral.css';

/**
 * /mine/myTeam: how many members the team has (both levels), the direct invitees (masked account,
 * join date, verification state), the rewards paid and the published rates (spec §1–§3).
 */
export default signedInPage('referral', TeamScreen);

const KYC_COLORS: Record<KycUserState, string> = {
  not_certified: 'default',
  under_certification: 'warning',
  certified: 'success',
  rejected: 'danger',
};

function TeamScreen() {
  const { t, i18n } = useTranslation('referral');
  const team = useInfiniteQuery(teamQuery());
  const rules = useQuery(rulesQuery());
  if (!team.data) return <LoadState of={[team]} />;
  const first = team.data.pages[0]!;
  const members = team.data.pages.flatMap((p) => p.items);

  return (
    <div className="page-stack" data-testid="team-page">
      <div className="ref-stats">
        <div className="ref-stat">
          <div className="ref-label">{t('team.total')}</div>
          <div className="ref-stat__value" data-testid="team-total">
            {first.totalMembers}
          </div>
        </div>
        <div className="ref-stat">
          <div className="ref-label">{t('team.direct')}</div>
          <div className="ref-stat__value" data-testid="team-direct">
            {first.directCount}
          </div>
        </div>
      </div>

      <section className="stack-card ref-card--list">
        <h2 className="ref-card__title">{t('team.members')}</h2>
        {members.length === 0 ? (
          <div className="ref-empty" data-testid="team-empty">
            {t('team.empty')}
          </div>
        ) : (
          <List>
            {members.map((m, i) => (
              <List.Item
                key={`${m.account}-${m.joinedAt}-${i}`}
                description={t('team.joined', { date: formatDate(m.joinedAt, i18n.language) })}
                extra={
                  <Tag color={KYC_COLORS[m.kycState]} fill="outline">
                    {m.kycState === 'certified' ? t(`kycLevel.${m.kycLevel}`) : t(`kycState.${m.kycState}`)}
                  </Tag>
                }
                data-testid="team-member"
              >
                {m.account}
              </List.Item>
            ))}
          </List>
        )}
        {team.hasNextPage ? (
          <div className="ref-more">
            <ActionButton size="small" busy={team.isFetchingNextPage} onAction={team.fetchNextPage} testId="team-more">
              {t('more')}
            </ActionButton>
          </div>
        ) : null}
      </section>

      <Rewards />

      {rules.data ? (
        <section className="stack-card" data-testid="team-rules">
          <h2 className="ref-card__title">{t('rules.title')}</h2>
          <p className="ref-muted">
            {t('rules.text', {
              level1: rateToPercent(rules.data.level1Rate),
              level2: rateToPercent(rules.data.level2Rate),
            })}
          </p>
        </section>
      ) : null}
    </div>
  );
}

function Rewards() {
  const { t, i18n } = useTranslation('referral');
  const rewards = useInfiniteQuery(rewardsQuery());
  if (!rewards.data) return null;
  const first = rewards.data.pages[0]!;
  const rows = rewards.data.pages.flatMap((p) => p.items);
  return (
    <section className="stack-card ref-card--list" data-testid="team-rewards">
      <h2 className="ref-card__title">{t('rewards.title')}</h2>
      {first.totals.length > 0 ? (
        <List header={t('rewards.totals')}>
          {first.totals.map((s) => (
            <List.Item key={s.currency} extra={<span className="ref-amount">{groupThousands(s.amount)}</span>}>
              {s.currency}
            </List.Item>
          ))}
        </List>
      ) : null}
      {rows.length === 0 ? (
        <div className="ref-empty">{t('rewards.empty')}</div>
      ) : (
        <List>
          {rows.map((r) => (
            <List.Item
              key={r.id}
              description={`${formatDateTime(r.at, i18n.language)} · ${t('rewards.detail', {
                level: r.level,
                fee: `${groupThousands(r.fee)} ${r.currency}`,
                rate: rateToPercent(r.rate),
              })}`}
              extra={
                <span className="ref-amount">
                  +{groupThousands(r.amount)} {r.currency}
                </span>
              }
            >
              {r.invitee}
            </List.Item>
          ))}
        </List>
      )}
      {rewards.hasNextPage ? (
        <div className="ref-more">
          <Button size="small" loading={rewards.isFetchingNextPage} onClick={() => void rewards.fetchNextPage()}>
            {t('more')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

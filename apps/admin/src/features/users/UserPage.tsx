import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Result, Space, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { formatTime } from '../../lib/format.ts';
import { useLoad } from '../../lib/use-load.ts';
import { UserActions } from './UserActions.tsx';
import { UserMoney } from './UserMoney.tsx';
import { UserProducts } from './UserProducts.tsx';
import { UserCoupons } from './UserCoupons.tsx';
import { UserSessions } from './UserSessions.tsx';
import { UserTrading } from './UserTrading.tsx';
import type { UserDetail } from './types.ts';

/** One user: profile and KYC, the account's state with compliance's actions, then money, markets and devices. */
export function UserPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const userId = Number(useParams().id);
  const detail = useLoad<UserDetail>('/admin/users/detail', { userId });
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/users')}>
      {t('nav.users')}
    </Button>
  );
  if (!Number.isSafeInteger(userId) || userId <= 0 || (detail.error && !detail.data)) {
    return <Result status="404" title={detail.error?.message ?? t('users.notFound')} extra={back} />;
  }
  const u = detail.data;
  if (!u) return null;
  const yes = (v: boolean) => (v ? t('users.yes') : t('users.no'));
  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        {back}
        <Typography.Title level={3} style={{ margin: 0 }} data-qa="user-title">
          {t('users.title', { id: u.id })}
        </Typography.Title>
        <Tag color={u.status === 'active' ? 'green' : 'red'} data-qa="user-state">
          {t(`users.status.${u.status}`)}
        </Tag>
      </Space>
      {u.withdrawFreeze && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-qa="withdraw-freeze"
          message={
            u.withdrawFreeze.byOperator
              ? t('users.frozenByOperator')
              : t('users.frozenAfterChange', { until: formatTime(u.withdrawFreeze.until) })
          }
        />
      )}
      <Card style={{ marginBottom: 16 }} extra={<UserActions user={u} onDone={detail.reload} />}>
        <Descriptions size="small" column={3} bordered>
          <Descriptions.Item label={t('users.email')}>{u.email ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('users.phone')}>{u.phone ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('users.inviteCode')}>{u.inviteCode}</Descriptions.Item>
          <Descriptions.Item label={t('users.inviter')}>{u.inviterId ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('users.registered')}>{formatTime(u.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('users.creditScore')}>
            <span data-qa="user-credit-score">{u.creditScore}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('kyc.level')}>
            {u.kyc ? t(`review.kyc.${u.kyc.level}`, { defaultValue: u.kyc.level }) : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('users.kycState')}>{u.kyc?.state ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('users.security')}>
            {t('users.twoFactor')}: {yes(u.totpEnabled)} · {t('users.fundPassword')}: {yes(u.fundPasswordSet)}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card>
        <Tabs
          items={[
            { key: 'money', label: t('users.tabMoney'), children: <UserMoney userId={u.id} /> },
            { key: 'markets', label: t('users.tabMarkets'), children: <UserTrading userId={u.id} /> },
            { key: 'products', label: t('users.tabProducts'), children: <UserProducts userId={u.id} /> },
            { key: 'coupons', label: t('coupons.tab'), children: <UserCoupons userId={u.id} /> },
            {
              key: 'sessions',
              label: t('users.tabSessions', { count: u.sessions.length }),
              children: <UserSessions user={u} onDone={detail.reload} />,
            },
          ]}
        />
      </Card>
    </>
  );
}

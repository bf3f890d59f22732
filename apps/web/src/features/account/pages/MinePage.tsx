import type { ReactNode } from 'react';
import List from 'antd-mobile/es/components/list';
import Toast from 'antd-mobile/es/components/toast';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate } from 'react-router-dom';
import type { UserProfile } from '@tidemark/contract';
import { useSignedIn } from '../../../lib/session.ts';
import { accountInfoQuery } from '../api/account.ts';
import { SupportEntries } from '../../support/components/SupportEntries.tsx'; // support feature: chat (unread badge) and tickets
import { IdentityStateLabel } from '../../kyc/components/IdentityStateLabel.tsx'; // kyc feature: verification state
import '../components/account.css';

/** Where each entry of the user centre goes; some need a session first. */
interface Entry {
  key: string;
  path: string;
  needsSession?: boolean;
}
const ACCOUNT_ENTRIES: Entry[] = [
  { key: 'security', path: '/mine/security', needsSession: true },
  { key: 'password', path: '/mine/password', needsSession: true },
  { key: 'fund', path: '/mine/fund', needsSession: true },
  { key: 'phone', path: '/mine/phone', needsSession: true },
  { key: 'email', path: '/mine/email', needsSession: true },
  { key: 'identity', path: '/mine/identity', needsSession: true }, // kyc feature
  { key: 'api', path: '/mine/api', needsSession: true }, // bot API keys
];
const MORE_ENTRIES: Entry[] = [
  { key: 'invite', path: '/mine/invite', needsSession: true }, // referral feature
  { key: 'team', path: '/mine/myTeam', needsSession: true }, // referral feature
  { key: 'coupons', path: '/mine/coupons', needsSession: true }, // coupon feature
  { key: 'responsible', path: '/mine/responsible', needsSession: true }, // responsible feature
  { key: 'reserves', path: '/mine/reserves' }, // reserves feature: proof of reserves, open to guests
  { key: 'alerts', path: '/mine/alerts', needsSession: true }, // alerts feature: price alerts
  { key: 'notices', path: '/mine/notices', needsSession: true }, // alerts feature: the user's own notices
  { key: 'help', path: '/mine/helpCenter' },
  { key: 'settings', path: '/setting' },
];

function displayName(u: UserProfile): string {
  if (u.email) return u.email;
  if (u.phone) return `+${u.countryCode ?? ''} ${u.phone}`;
  return `UID ${u.id}`;
}

/** /mine: the user centre — who is signed in, invite code, credit score, and the account entries. */
export default function MinePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  const info = useQuery({ ...accountInfoQuery(), enabled: signedIn });
  const user = signedIn ? info.data : undefined;

  const copyInvite = async (code: string) => {
    try {
      await navigator.clipboard.writeText(code);
      Toast.show({ content: t('account:mine.copied') });
    } catch {
      // no clipboard permission: the code stays visible to copy by hand
    }
  };

  const open = (entry: Entry) => {
    if (entry.needsSession && !signedIn) navigate('/login', { state: { from: entry.path } });
    else navigate(entry.path);
  };

  const status = (key: string): ReactNode => {
    if (!user) return null;
    if (key === 'identity') return <IdentityStateLabel />; // kyc feature
    if (key === 'fund') return user.fundPasswordSet ? t('account:mine.set') : t('account:mine.notSet');
    if (key === 'phone') return user.phone ? t('account:mine.bound') : t('account:mine.notBound');
    if (key === 'email') return user.email ? t('account:mine.bound') : t('account:mine.notBound');
    return null;
  };

  return (
    <div className="acc-page" data-testid="mine-page">
      {signedIn ? (
        <div className="acc-profile" data-testid="mine-profile">
          <div className="acc-avatar" aria-hidden>
            {user ? displayName(user).charAt(0).toUpperCase() : ''}
          </div>
          <div className="acc-profile-main">
            <div className="acc-profile-name" data-testid="mine-account">
              {user ? displayName(user) : t('account:common.loading')}
            </div>
            {user ? (
              <div className="acc-profile-sub">
                {t('account:mine.uid')} {user.id}
              </div>
            ) : null}
          </div>
        </div>
      ) : (
        <button
          type="button"
          className="acc-plain-button acc-profile"
          onClick={() => navigate('/login')}
          data-testid="mine-guest"
        >
          <div className="acc-avatar" aria-hidden>
            ?
          </div>
          <div className="acc-profile-main">
            <div className="acc-profile-name">{t('account:mine.loginOrRegister')}</div>
            <div className="acc-profile-sub">{t('account:mine.guestHint')}</div>
          </div>
        </button>
      )}
      {user ? (
        <div className="acc-stats">
          <div className="acc-stat">
            <div className="acc-stat-label">{t('account:mine.inviteCode')}</div>
            <div className="acc-stat-value" data-testid="mine-invite-code">
              {user.inviteCode}
              <button
                type="button"
                className="acc-plain-button acc-link acc-copy"
                onClick={() => void copyInvite(user.inviteCode)}
              >
                {t('account:mine.copy')}
              </button>
            </div>
          </div>
          <div className="acc-stat">
            <div className="acc-stat-label">{t('account:mine.creditScore')}</div>
            <div className="acc-stat-value" data-testid="mine-credit-score">
              {user.creditScore}
              {/* referral feature: the score's history with the operator's reasons */}
              <button
                type="button"
                className="acc-plain-button acc-link acc-copy"
                onClick={() => navigate('/mine/credit')}
                data-testid="mine-credit-history"
              >
                {t('referral:mine.creditHistory')}
              </button>
            </div>
          </div>
        </div>
      ) : null}
      {(
        [
          ['sectionAccount', ACCOUNT_ENTRIES],
          ['sectionMore', MORE_ENTRIES],
        ] as const
      ).map(([section, entries]) => (
        <List key={section} className="acc-list" header={t(`account:mine.${section}`)}>
          {entries.map((e) => (
            <List.Item key={e.key} onClick={() => open(e)} extra={status(e.key)} data-testid={`mine-entry-${e.key}`}>
              {t(`account:mine.${e.key}`)}
            </List.Item>
          ))}
        </List>
      ))}
      <SupportEntries /> {/* support feature: customer service with its unread badge, tickets */}
    </div>
  );
}

import Button from 'antd-mobile/es/components/button';
import Toast from 'antd-mobile/es/components/toast';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate } from 'react-router-dom';
import { inviteQuery, rulesQuery } from '../api/referral.ts';
import { LoadState } from '../../../components/LoadState.tsx';
import { signedInPage } from '../../../components/SignInGate.tsx';
import { copyText, rateToPercent, shareLink, type ShareHost, type ShareOutcome } from '../model/share.ts';
import '../components/referral.css';

/** /mine/invite: the invite code, the invite link with its QR code, copy and share (spec §1–§3). */
export default signedInPage('referral', InviteScreen);

function InviteScreen() {
  const { t } = useTranslation('referral');
  const navigate = useNavigate();
  const invite = useQuery(inviteQuery());
  const rules = useQuery(rulesQuery());
  if (!invite.data) return <LoadState of={[invite]} />;
  const { inviteCode, inviteLink, qrDataUrl } = invite.data;
  const host = navigator as unknown as ShareHost;

  const say = (outcome: ShareOutcome) => {
    if (outcome === 'copied') Toast.show({ icon: 'success', content: t('invite.copied') });
    else if (outcome === 'failed') Toast.show({ content: t('invite.copyFailed') });
  };

  return (
    <div className="page-stack" data-testid="invite-page">
      <section className="ref-hero">
        <h2 className="ref-hero__title">{t('invite.title')}</h2>
        <p className="ref-hero__text">
          {rules.data
            ? t('invite.rules', {
                level1: rateToPercent(rules.data.level1Rate),
                level2: rateToPercent(rules.data.level2Rate),
              })
            : t('invite.subtitle')}
        </p>
      </section>

      <section className="stack-card">
        <img className="ref-qr" src={qrDataUrl} alt={t('invite.qrAlt')} data-testid="invite-qr" />
        <p className="ref-muted" style={{ textAlign: 'center' }}>
          {t('invite.scan')}
        </p>
      </section>

      <section className="stack-card">
        <div className="ref-row">
          <div className="ref-row__main">
            <div className="ref-label">{t('invite.code')}</div>
            <div className="ref-code" data-testid="invite-code">
              {inviteCode}
            </div>
          </div>
          <Button size="small" onClick={() => void copyText(host, inviteCode).then(say)} data-testid="copy-code">
            {t('invite.copy')}
          </Button>
        </div>
        <div className="ref-row">
          <div className="ref-row__main">
            <div className="ref-label">{t('invite.link')}</div>
            <div className="ref-link" data-testid="invite-link">
              {inviteLink}
            </div>
          </div>
          <Button size="small" onClick={() => void copyText(host, inviteLink).then(say)} data-testid="copy-link">
            {t('invite.copy')}
          </Button>
        </div>
      </section>

      <Button
        block
        color="primary"
        size="large"
        onClick={() =>
          void shareLink(host, {
            title: t('invite.shareTitle'),
            text: t('invite.shareText', { code: inviteCode }),
            url: inviteLink,
          }).then(say)
        }
        data-testid="share-link"
      >
        {t('invite.share')}
      </Button>
      <Button block fill="outline" color="primary" onClick={() => navigate('/mine/myTeam')} data-testid="to-team">
        {t('invite.myTeam')}
      </Button>
    </div>
  );
}

import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import { ActionButton } from '../../../components/ActionButton.tsx';
import List from 'antd-mobile/es/components/list';
import Tag from 'antd-mobile/es/components/tag';
import Toast from 'antd-mobile/es/components/toast';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate } from 'react-router-dom';
import type { SecurityOverview, SessionInfo, TotpSetupResponse } from '@tidemark/contract';
import { currentLocale } from '../../../lib/i18n.ts';
import { LANGUAGE_TAGS } from '../../../lib/languages.ts';
import { useSession } from '../../../lib/session.ts';
import {
  accountKeys,
  revokeSession,
  securityQuery,
  sessionsQuery,
  totpDisable,
  totpEnable,
  totpSetup,
} from '../api/account.ts';
import { antiPhishingQuery } from '../api/anti-phishing.ts';
import { CodeField } from '../../../components/form/CodeField.tsx';
import { LoadState } from '../../../components/LoadState.tsx';
import { signedInPage } from '../../../components/SignInGate.tsx';
import { useForm } from '../components/useForm.ts';
import { checkTotpCode } from '../model/forms.ts';
import { describeUserAgent } from '../model/user-agent.ts';
import { confirmDialog } from '../../../lib/feedback.ts';
import '../components/account.css';

/** /mine/security: what protects the account, two-factor authentication, and the signed-in devices. */
export default signedInPage('account', Security);

function Security() {
  const security = useQuery(securityQuery());
  if (!security.data) return <LoadState of={[security]} />;
  return (
    <div className="acc-page">
      <Overview s={security.data} />
      <Totp enabled={security.data.totpEnabled} />
      <Devices />
    </div>
  );
}

function Overview(props: { s: SecurityOverview }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { s } = props;
  const state = (on: boolean, onKey: string, offKey: string) => (
    <Tag color={on ? 'success' : 'default'} fill="outline">
      {t(on ? onKey : offKey)}
    </Tag>
  );
  return (
    <List className="acc-list" header={t('account:security.overview')}>
      <List.Item
        onClick={() => navigate('/mine/password')}
        extra={state(true, 'account:mine.set', 'account:mine.notSet')}
      >
        {t('account:security.loginPassword')}
      </List.Item>
      <List.Item
        onClick={() => navigate('/mine/fund')}
        extra={state(s.fundPasswordSet, 'account:mine.set', 'account:mine.notSet')}
        data-testid="security-fund"
      >
        {t('account:security.fundPassword')}
      </List.Item>
      <List.Item
        onClick={() => navigate('/mine/email')}
        description={s.email ?? undefined}
        extra={state(s.emailBound, 'account:mine.bound', 'account:mine.notBound')}
        data-testid="security-email"
      >
        {t('account:security.email')}
      </List.Item>
      <List.Item
        onClick={() => navigate('/mine/phone')}
        description={s.phone ? `+${s.countryCode ?? ''} ${s.phone}` : undefined}
        extra={state(s.phoneBound, 'account:mine.bound', 'account:mine.notBound')}
        data-testid="security-phone"
      >
        {t('account:security.phone')}
      </List.Item>
      <List.Item
        extra={state(s.totpEnabled, 'account:security.on', 'account:security.off')}
        data-testid="security-totp"
      >
        {t('account:security.totp')}
      </List.Item>
      <AntiPhishingItem />
    </List>
  );
}

/** The anti-phishing code's row: its masked form, or "Not set", opening the screen that sets it. */
function AntiPhishingItem() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const code = useQuery(antiPhishingQuery());
  const masked = code.data?.masked ?? null;
  return (
    <List.Item
      onClick={() => navigate('/mine/antiPhishing')}
      description={masked ?? undefined}
      extra={
        <Tag color={masked ? 'success' : 'default'} fill="outline">
          {t(masked ? 'account:mine.set' : 'account:mine.notSet')}
        </Tag>
      }
      data-testid="security-anti-phishing"
    >
      {t('account:security.antiPhishing')}
    </List.Item>
  );
}

/** Turning TOTP on shows the QR code of a pending secret; it is enabled only after a correct code. */
function Totp(props: { enabled: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<TotpSetupResponse | null>(null);
  const [loading, setLoading] = useState(false);
  const f = useForm({ code: '' });

  const begin = async () => {
    setLoading(true);
    try {
      setSetup(await totpSetup());
    } catch {
      // toasted by the API client
    } finally {
      setLoading(false);
    }
  };

  const confirm = () => {
    const checked = checkTotpCode({ code: f.values.code });
    if (!checked.ok) return f.setErrors({ code: checked.errors.code ?? 'account:errors.totpInvalid' });
    void f.submit(async () => {
      if (props.enabled) await totpDisable(checked.value.code);
      else await totpEnable(checked.value.code);
      Toast.show({ content: t(props.enabled ? 'account:security.totpDisabled' : 'account:security.totpEnabled') });
      setSetup(null);
      f.setValues({ code: '' });
      await queryClient.invalidateQueries({ queryKey: accountKeys.all });
    });
  };

  const codeField = (
    <CodeField
      name="code"
      label={t('account:field.totpCode')}
      error={f.message('code')}
      placeholder={t('account:placeholder.totpCode')}
      value={f.values.code}
      onChange={(v) => f.set('code', v)}
      testId="input-totp"
    />
  );

  if (props.enabled) {
    return (
      <div className="acc-card" style={{ paddingBottom: 16 }} data-testid="totp-disable">
        <div className="acc-section-title" style={{ marginTop: 8 }}>
          {t('account:security.totpDisableTitle')}
        </div>
        <div className="acc-step">{t('account:security.totpDisableHint')}</div>
        {codeField}
        <Button
          block
          color="danger"
          fill="outline"
          loading={f.busy}
          onClick={confirm}
          data-testid="submit-totp-disable"
        >
          {t('account:security.totpDisableSubmit')}
        </Button>
      </div>
    );
  }
  if (!setup) {
    return (
      <div className="acc-card" style={{ padding: 16 }}>
        <ActionButton block color="primary" fill="outline" busy={loading} onAction={begin} testId="totp-begin">
          {t('account:security.totpSetupTitle')}
        </ActionButton>
      </div>
    );
  }
  return (
    <div className="acc-card" style={{ paddingBottom: 16 }} data-testid="totp-setup">
      <div className="acc-section-title" style={{ marginTop: 8 }}>
        {t('account:security.totpSetupTitle')}
      </div>
      <div className="acc-step">{t('account:security.totpSetupStep1')}</div>
      <img className="acc-qr" src={setup.qrDataUrl} alt={t('account:security.totpQrAlt')} data-testid="totp-qr" />
      <div className="acc-step">{t('account:security.totpSetupStep2')}</div>
      <div className="acc-secret" data-testid="totp-secret">
        {setup.secret}
      </div>
      <div className="acc-step">{t('account:security.totpSetupStep3')}</div>
      {codeField}
      <Button block color="primary" loading={f.busy} onClick={confirm} data-testid="submit-totp-enable">
        {t('account:security.totpEnableSubmit')}
      </Button>
    </div>
  );
}

function formatTime(iso: string): string {
  const d = new Date(/^\d+$/.test(iso) ? Number(iso) : iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(LANGUAGE_TAGS[currentLocale()], { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

function Devices() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sessions = useQuery(sessionsQuery());

  const revoke = async (s: SessionInfo) => {
    const ok = await confirmDialog({
      content: t('account:security.revokeConfirm'),
      confirmText: t('account:common.confirm'),
      cancelText: t('account:common.cancel'),
    });
    if (!ok) return;
    try {
      await revokeSession(s.id);
    } catch {
      return; // toasted by the API client
    }
    Toast.show({ content: t('account:security.revoked') });
    if (s.current) {
      useSession.getState().signOut();
      queryClient.removeQueries({ queryKey: accountKeys.all });
      navigate('/login', { replace: true });
    } else {
      await queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
    }
  };

  const name = (s: SessionInfo) => {
    const d = describeUserAgent(s.userAgent);
    const parts = [d.browser, d.system].filter(Boolean);
    return parts.length ? parts.join(' · ') : t('account:security.unknownDevice');
  };

  return (
    <List className="acc-list" header={t('account:security.devices')} data-testid="devices">
      {!sessions.data ? (
        <List.Item>
          <LoadState of={[sessions]} />
        </List.Item>
      ) : (
        sessions.data.map((s) => (
          <List.Item
            key={s.id}
            description={
              <>
                {s.ip ? `${s.ip} · ` : ''}
                {t('account:security.lastSeen', { time: formatTime(s.lastSeenAt) })}
              </>
            }
            extra={
              <Button
                size="mini"
                fill="outline"
                color={s.current ? 'default' : 'danger'}
                onClick={() => void revoke(s)}
                data-testid={`revoke-${s.id}`}
              >
                {t('account:security.revoke')}
              </Button>
            }
            data-testid={s.current ? 'device-current' : 'device'}
          >
            {name(s)} {s.current ? <Tag color="primary">{t('account:security.thisDevice')}</Tag> : null}
          </List.Item>
        ))
      )}
    </List>
  );
}

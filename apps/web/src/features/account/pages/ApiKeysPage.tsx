import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Checkbox from 'antd-mobile/es/components/checkbox';
import Input from 'antd-mobile/es/components/input';
import Popup from 'antd-mobile/es/components/popup';
import Switch from 'antd-mobile/es/components/switch';
import TextArea from 'antd-mobile/es/components/text-area';
import Toast from 'antd-mobile/es/components/toast';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { FundPasswordInline } from '../../../components/FundPasswordInline.tsx';
import { ApiError } from '../../../lib/api.ts';
import { accountInfoQuery } from '../api/account.ts';
import {
  apiKeysKey,
  apiKeysQuery,
  createApiKey,
  deleteApiKey,
  setApiKeyStatus,
  type OwnerProof,
} from '../api/api-keys.ts';
import type { ApiKeyView, ApiPermission, CreatedApiKey } from '@tidemark/contract/api-keys';
import { LoadState } from '../../../components/LoadState.tsx';
import { signedInPage } from '../../../components/SignInGate.tsx';
import '../components/account.css';

/**
 * /mine/api: the user's bot API keys. Creating and deleting one needs the fund password (and the
 * authenticator code when two-factor is on) because a trading key is as strong as a session; the secret
 * comes back once, so it is shown once with a copy button and a warning.
 */
export default signedInPage('account', ApiKeys);

function ApiKeys() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const info = useQuery(accountInfoQuery());
  const keys = useQuery(apiKeysQuery());
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [deleting, setDeleting] = useState<ApiKeyView | null>(null);

  if (!info.data || !keys.data)
    return <LoadState error={info.isError || keys.isError} retry={() => void keys.refetch()} />;
  const user = info.data;

  const refresh = () => queryClient.invalidateQueries({ queryKey: apiKeysKey });
  const toggle = async (k: ApiKeyView) => {
    await setApiKeyStatus(k.id, k.status === 'active' ? 'disabled' : 'active');
    await refresh();
  };

  return (
    <div className="acc-page" data-testid="api-keys-page">
      <p className="acc-hint">{t('account:api.intro')}</p>
      {!user.fundPasswordSet ? (
        <div className="acc-card" data-testid="api-fund-missing">
          <FundPasswordInline onDone={() => void info.refetch()} />
        </div>
      ) : created ? (
        <SecretOnce created={created} onClose={() => setCreated(null)} />
      ) : (
        <CreateForm
          totp={user.totpEnabled}
          onCreated={(c) => {
            setCreated(c);
            void refresh();
          }}
        />
      )}
      <h3 className="acc-section-title">{t('account:api.listTitle')}</h3>
      {keys.data.length === 0 ? <p className="acc-hint">{t('account:api.empty')}</p> : null}
      {keys.data.map((k) => (
        <div className="acc-card" key={k.id} data-testid={`api-card-${k.id}`}>
          <div className="acc-row">
            <strong data-testid="api-key-label">{k.label}</strong>
            <span data-testid="api-key-status">{t(`account:api.status.${k.status}`)}</span>
          </div>
          <div className="acc-row">
            <span>{t('account:api.apiKey')}</span>
            <code style={{ wordBreak: 'break-all' }}>{k.apiKey}</code>
          </div>
          <div className="acc-row">
            <span>{t('account:api.permissions')}</span>
            <span>{k.permissions.map((p) => t(`account:api.perm.${p}`)).join(', ')}</span>
          </div>
          {k.withdrawEnabledAt !== null ? (
            <div className="acc-row" data-testid="api-key-withdraw-from">
              <span>{t('account:api.withdrawFrom', { time: new Date(k.withdrawEnabledAt).toLocaleString() })}</span>
            </div>
          ) : null}
          <div className="acc-row">
            <span>{t('account:api.ipAllow')}</span>
            <span>{k.ipAllow.length ? k.ipAllow.join(', ') : t('account:api.anyIp')}</span>
          </div>
          <div className="acc-row">
            <span>{t('account:api.createdAt')}</span>
            <span>{new Date(k.createdAt).toLocaleString()}</span>
          </div>
          <div className="acc-row">
            <span>{t('account:api.enabled')}</span>
            <Switch checked={k.status === 'active'} onChange={() => void toggle(k)} data-testid="api-key-toggle" />
          </div>
          <Button block fill="outline" color="danger" onClick={() => setDeleting(k)} data-testid="api-key-delete">
            {t('account:api.delete')}
          </Button>
        </div>
      ))}
      <Popup visible={deleting !== null} onMaskClick={() => setDeleting(null)} bodyStyle={{ padding: 16 }}>
        {deleting ? (
          <DeleteSheet
            apiKey={deleting}
            totp={user.totpEnabled}
            onDone={() => {
              setDeleting(null);
              void refresh();
            }}
          />
        ) : null}
      </Popup>
    </div>
  );
}

/** Fund password and, when two-factor is on, the authenticator code. */
function ProofFields(props: { totp: boolean; value: OwnerProof; onChange: (v: OwnerProof) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <label className="fund-inline__field">
        <span>{t('account:field.fundPassword')}</span>
        <Input
          type="password"
          inputMode="numeric"
          maxLength={6}
          autoComplete="off"
          value={props.value.fundPassword}
          onChange={(v) => props.onChange({ ...props.value, fundPassword: v })}
          data-testid="api-fund-password"
        />
      </label>
      {props.totp ? (
        <label className="fund-inline__field">
          <span>{t('account:api.totpCode')}</span>
          <Input
            inputMode="numeric"
            maxLength={6}
            autoComplete="one-time-code"
            value={props.value.totpCode ?? ''}
            onChange={(v) => props.onChange({ ...props.value, totpCode: v })}
            data-testid="api-totp-code"
          />
        </label>
      ) : null}
    </>
  );
}

const errorText = (err: unknown) => (err instanceof ApiError ? err.message : String(err));

function CreateForm(props: { totp: boolean; onCreated: (c: CreatedApiKey) => void }) {
  const { t } = useTranslation();
  const [label, setLabel] = useState('');
  const [trade, setTrade] = useState(false);
  const [withdraw, setWithdraw] = useState(false);
  const [ips, setIps] = useState('');
  const [proof, setProof] = useState<OwnerProof>({ fundPassword: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!label.trim()) return setError(t('account:api.labelRequired'));
    if (!proof.fundPassword) return setError(t('account:api.fundRequired'));
    setBusy(true);
    setError(null);
    try {
      const permissions: ApiPermission[] = [
        'read',
        ...(trade ? (['trade'] as const) : []),
        ...(withdraw ? (['withdraw'] as const) : []),
      ];
      const ipAllow = ips
        .split(/[\s,]+/)
        .map((s) => s.trim())
        .filter(Boolean);
      const body = { label: label.trim(), permissions, ipAllow, fundPassword: proof.fundPassword };
      const c = await createApiKey(props.totp ? { ...body, totpCode: proof.totpCode ?? '' } : body);
      props.onCreated(c);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="acc-card" data-testid="api-create-form">
      <h3 className="acc-section-title">{t('account:api.create')}</h3>
      <label className="fund-inline__field">
        <span>{t('account:api.label')}</span>
        <Input maxLength={40} value={label} onChange={setLabel} data-testid="api-label" />
      </label>
      <div className="fund-inline__field">
        <span>{t('account:api.permissions')}</span>
        <Checkbox checked disabled>
          {t('account:api.perm.read')}
        </Checkbox>{' '}
        <Checkbox checked={trade} onChange={setTrade} data-testid="api-perm-trade">
          {t('account:api.perm.trade')}
        </Checkbox>{' '}
        <Checkbox checked={withdraw} onChange={setWithdraw} data-testid="api-perm-withdraw">
          {t('account:api.perm.withdraw')}
        </Checkbox>
        {withdraw ? (
          <p className="acc-hint" data-testid="api-withdraw-hint">
            {t('account:api.withdrawHint')}
          </p>
        ) : null}
      </div>
      <label className="fund-inline__field">
        <span>{t('account:api.ipAllowOptional')}</span>
        <TextArea rows={2} value={ips} onChange={setIps} placeholder="203.0.113.7" data-testid="api-ip-allow" />
      </label>
      <ProofFields totp={props.totp} value={proof} onChange={setProof} />
      {error ? (
        <div className="fund-inline__error" role="alert" data-testid="api-error">
          {error}
        </div>
      ) : null}
      <Button block color="primary" loading={busy} onClick={() => void submit()} data-testid="api-create-submit">
        {t('account:api.create')}
      </Button>
    </div>
  );
}

function SecretOnce(props: { created: CreatedApiKey; onClose: () => void }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.created.secret);
      Toast.show({ content: t('account:mine.copied') });
    } catch {
      // no clipboard permission: the secret stays on screen to copy by hand
    }
  };
  return (
    <div className="acc-card" data-testid="api-secret-once">
      <p className="fund-inline__error" role="alert">
        {t('account:api.secretWarning')}
      </p>
      <div className="acc-row">
        <span>{t('account:api.apiKey')}</span>
        <code style={{ wordBreak: 'break-all' }} data-testid="api-created-key">
          {props.created.apiKey}
        </code>
      </div>
      <div className="acc-row">
        <span>{t('account:api.secret')}</span>
        <code style={{ wordBreak: 'break-all' }} data-testid="api-created-secret">
          {props.created.secret}
        </code>
      </div>
      <Button block fill="outline" onClick={() => void copy()} data-testid="api-copy-secret">
        {t('account:api.copySecret')}
      </Button>
      <Button block color="primary" onClick={props.onClose} data-testid="api-secret-done">
        {t('account:api.secretSaved')}
      </Button>
    </div>
  );
}

function DeleteSheet(props: { apiKey: ApiKeyView; totp: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const [proof, setProof] = useState<OwnerProof>({ fundPassword: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!proof.fundPassword) return setError(t('account:api.fundRequired'));
    setBusy(true);
    try {
      await deleteApiKey(props.apiKey.id, props.totp ? proof : { fundPassword: proof.fundPassword });
      Toast.show({ content: t('account:api.deleted') });
      props.onDone();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div data-testid="api-delete-sheet">
      <p>{t('account:api.deleteConfirm', { label: props.apiKey.label })}</p>
      <ProofFields totp={props.totp} value={proof} onChange={setProof} />
      {error ? (
        <div className="fund-inline__error" role="alert">
          {error}
        </div>
      ) : null}
      <Button block color="danger" loading={busy} onClick={() => void submit()} data-testid="api-delete-submit">
        {t('account:api.delete')}
      </Button>
    </div>
  );
}

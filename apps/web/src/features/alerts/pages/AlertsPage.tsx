import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Checkbox from 'antd-mobile/es/components/checkbox';
import Input from 'antd-mobile/es/components/input';
import Selector from 'antd-mobile/es/components/selector';
import Tag from 'antd-mobile/es/components/tag';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { LoadState } from '../../../components/LoadState.tsx';
import { ApiError } from '../../../lib/api.ts';
import { groupThousands } from '../../../lib/format/decimal.ts';
import {
  alertKeys,
  alertsQuery,
  createAlert,
  deleteAlert,
  instrumentsQuery,
  type AlertKind,
  type MoveWindow,
  type PriceAlert,
} from '../api/alerts.ts';
import { alertBody, type AlertDraft } from '../model/alert-form.ts';
import { subscribeThisBrowser } from '../model/push.ts';
import '../components/alerts.css';

const KINDS: AlertKind[] = ['above', 'below', 'move'];
const WINDOWS: MoveWindow[] = ['5m', '1h', '24h'];

/**
 * /mine/alerts: the user's price alerts on the index prices — a form to add one (a level to cross, or a move of N %
 * within a window; in-app always, by e-mail and push if asked) and the list, each alert waiting or fired ("fired at
 * 12:03 UTC at 64,210.5"), with delete.
 */
export default function AlertsPage() {
  const { t } = useTranslation('alerts');
  const navigate = useNavigate();
  const alerts = useQuery(alertsQuery());
  return (
    <div className="page-body" data-testid="alerts-page">
      <NewAlertCard />
      <section className="card alr-card">
        <div className="alr-item__head">
          <h2 className="alr-card__title">{t('list')}</h2>
          <Button size="mini" fill="none" color="primary" onClick={() => navigate('/mine/notices')}>
            {t('notices.title')}
          </Button>
        </div>
        {alerts.data === undefined ? (
          <LoadState of={[alerts]} />
        ) : alerts.data.length === 0 ? (
          <EmptyState title={t('empty')} testId="alerts-empty" />
        ) : (
          alerts.data.map((a) => <AlertRow key={a.id} alert={a} />)
        )}
      </section>
    </div>
  );
}

function NewAlertCard() {
  const { t } = useTranslation('alerts');
  const queryClient = useQueryClient();
  const instruments = useQuery(instrumentsQuery());
  const [draft, setDraft] = useState<AlertDraft>({
    symbol: 'BTCUSDT',
    kind: 'above',
    price: '',
    percent: '',
    window: '1h',
    email: false,
    push: false,
  });
  const [error, setError] = useState<string | null>(null);
  const [pushNote, setPushNote] = useState<string | null>(null);
  const set = (patch: Partial<AlertDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setError(null);
  };
  const create = useMutation({
    mutationFn: () => createAlert(alertBody(draft)),
    onSuccess: async () => {
      set({ price: '', percent: '' });
      await queryClient.invalidateQueries({ queryKey: alertKeys.list });
    },
    onError: (e) => setError(e instanceof ApiError ? e.message : t('failed')),
  });
  const askPush = async (on: boolean) => {
    set({ push: on });
    setPushNote(null);
    if (!on) return;
    const state = await subscribeThisBrowser();
    if (state !== 'subscribed') setPushNote(t(state === 'denied' ? 'pushDenied' : 'pushUnsupported'));
  };
  return (
    <section className="card alr-card" data-testid="alert-form">
      <h2 className="alr-card__title">{t('new')}</h2>
      <p className="alr-muted">{t('intro')}</p>
      <span className="alr-label">{t('symbol')}</span>
      <Selector
        columns={3}
        options={(instruments.data ?? [draft.symbol]).map((symbol) => ({ value: symbol, label: symbol }))}
        value={[draft.symbol]}
        onChange={(v) => v[0] && set({ symbol: v[0] })}
        data-testid="alert-symbol"
      />
      <span className="alr-label">{t('condition.title')}</span>
      <Selector
        columns={3}
        options={KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
        value={[draft.kind]}
        onChange={(v) => v[0] && set({ kind: v[0] })}
        data-testid="alert-kind"
      />
      {draft.kind === 'move' ? (
        <>
          <span className="alr-label">{t('percent')}</span>
          <Input
            className="alr-input"
            inputMode="decimal"
            placeholder="5"
            value={draft.percent}
            onChange={(percent) => set({ percent })}
            data-testid="alert-percent"
            aria-label={t('percent')}
          />
          <span className="alr-label">{t('window')}</span>
          <Selector
            columns={3}
            options={WINDOWS.map((w) => ({ value: w, label: t(`windows.${w}`) }))}
            value={[draft.window]}
            onChange={(v) => v[0] && set({ window: v[0] })}
            data-testid="alert-window"
          />
        </>
      ) : (
        <>
          <span className="alr-label">{t('price')}</span>
          <Input
            className="alr-input"
            inputMode="decimal"
            placeholder="0.00"
            value={draft.price}
            onChange={(price) => set({ price })}
            data-testid="alert-price"
            aria-label={t('price')}
          />
        </>
      )}
      <div className="alr-checks">
        <Checkbox checked={draft.email} onChange={(email) => set({ email })} data-testid="alert-email">
          {t('email')}
        </Checkbox>
        <Checkbox checked={draft.push} onChange={(on) => void askPush(on)} data-testid="alert-push">
          {t('push')}
        </Checkbox>
      </div>
      {pushNote ? <p className="alr-muted">{pushNote}</p> : null}
      {error ? (
        <div className="alr-error" role="alert" data-testid="alert-error">
          {error}
        </div>
      ) : null}
      <Button
        block
        color="primary"
        loading={create.isPending}
        onClick={() => create.mutate()}
        data-testid="alert-create"
      >
        {t('create')}
      </Button>
    </section>
  );
}

function AlertRow({ alert }: { alert: PriceAlert }) {
  const { t } = useTranslation('alerts');
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteAlert(alert.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertKeys.list }),
  });
  const condition =
    alert.kind === 'move'
      ? t('condition.move', { percent: alert.percent, window: t(`windows.${alert.window ?? '1h'}`) })
      : t(`condition.${alert.kind}`, { price: groupThousands(alert.price ?? '0') });
  return (
    <div className="alr-item" data-testid={`alert-row-${alert.id}`}>
      <div className="alr-item__head">
        <span className="alr-item__symbol">{alert.symbol}</span>
        <Tag color={alert.status === 'fired' ? 'success' : 'default'} data-testid="alert-status">
          {t(`status.${alert.status}`)}
        </Tag>
      </div>
      <span className="alr-item__text">{condition}</span>
      {alert.firedText ? (
        <span className="alr-item__text" data-testid="alert-fired-text">
          {alert.firedText}
        </span>
      ) : null}
      <div>
        <Button size="mini" fill="outline" loading={remove.isPending} onClick={() => remove.mutate()}>
          {t('delete')}
        </Button>
      </div>
    </div>
  );
}

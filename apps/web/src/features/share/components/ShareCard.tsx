import { useEffect, useMemo, useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Checkbox from 'antd-mobile/es/components/checkbox';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { fetchShareCard, shareImage, type ShareKind } from '../api/share.ts';
import './share.css';

/**
 * "Share card" on a finished item: shows the card the server drew (the return in percent, the invite code and QR),
 * amounts only when the user ticks them, and shares the image through the phone's share sheet or downloads it.
 */
export function ShareCard(props: { kind: ShareKind; id: number }) {
  const { t, i18n } = useTranslation('share');
  const [open, setOpen] = useState(false);
  const [amounts, setAmounts] = useState(false);
  const card = useQuery({
    queryKey: ['share', props.kind, props.id, amounts, i18n.language],
    queryFn: () => fetchShareCard(props.kind, props.id, amounts),
    enabled: open,
    staleTime: Infinity,
    retry: false,
  });
  const blob = card.data;
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);

  if (!open)
    return (
      <Button block color="primary" fill="outline" onClick={() => setOpen(true)} data-testid="share-card-open">
        {t('open')}
      </Button>
    );
  return (
    <section className="card share-card" data-testid="share-card">
      {url && !card.isFetching ? (
        <img className="share-card__image" src={url} alt={t('alt')} data-testid="share-card-image" />
      ) : (
        <div className="share-card__placeholder">{card.isError ? t('failed') : t('drawing')}</div>
      )}
      <Checkbox checked={amounts} onChange={setAmounts} data-testid="share-card-amounts">
        {t('amounts')}
      </Checkbox>
      <Button
        block
        color="primary"
        disabled={!blob}
        onClick={() => blob && void shareImage(blob, `tidemark-${props.kind}-${props.id}.png`, t('title'))}
        data-testid="share-card-share"
      >
        {t('share')}
      </Button>
    </section>
  );
}

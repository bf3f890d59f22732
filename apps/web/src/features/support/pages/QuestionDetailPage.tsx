import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import TextArea from 'antd-mobile/es/components/text-area';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useParams } from 'react-router-dom';
import { ApiError } from '../../../lib/api.ts';
import { replyTicket, supportKeys, ticketQuery } from '../api/support.ts';
import { ImagePicker, type PickedImage } from '../components/ImagePicker.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { LoadState } from '../../../components/LoadState.tsx';
import { PrivateImage } from '../components/PrivateImage.tsx';
import { signedInPage } from '../../../components/SignInGate.tsx';
import { TicketStateTag } from '../components/TicketState.tsx';
import { formatDateTime } from '../model/dates.ts';
import { CONTENT_MAX } from '../model/ticket-form.ts';
import { FieldError } from '../components/FieldError.tsx';
import '../components/support.css';
import { showToast } from '../../../lib/feedback.ts';

/** /mine/questionRecord/:id — the whole thread of one ticket, and a box for a follow-up. */
export default signedInPage('support', TicketThread);

function TicketThread() {
  const { id } = useParams();
  const { t, i18n } = useTranslation('support');
  const queryClient = useQueryClient();
  const ticketId = Number(id);
  const valid = Number.isSafeInteger(ticketId) && ticketId > 0;
  const q = useQuery({ ...ticketQuery(ticketId), enabled: valid });
  const [content, setContent] = useState('');
  const [images, setImages] = useState<PickedImage[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!valid || (q.isError && q.error instanceof ApiError && q.error.status === 404))
    return <EmptyState testId="ticket-not-found" title={t('detail.notFound')} text={t('detail.notFoundText')} />;
  if (q.isPending || q.isError) return <LoadState of={[q]} />;
  const ticket = q.data;

  const send = async () => {
    const text = content.trim();
    if (!text) return setError(t('form.contentEmpty'));
    setError(null);
    setBusy(true);
    try {
      await replyTicket({ id: ticket.id, content: text, images: images.flatMap((i) => (i.fileId ? [i.fileId] : [])) });
      setContent('');
      setImages([]);
      showToast({ icon: 'success', content: t('detail.sent') });
      await queryClient.invalidateQueries({ queryKey: supportKeys.all });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      setError(err.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="sp-page" data-testid="ticket-detail">
      <div className="sp-card sp-ticket-head">
        <h1 className="sp-ticket-head__title" data-testid="ticket-detail-title">
          {ticket.title}
        </h1>
        <TicketStateTag state={ticket.state} />
      </div>
      <ol className="sp-thread" data-testid="ticket-thread">
        {ticket.messages.map((m) => (
          <li key={m.id} className={`sp-post sp-post--${m.author}`} data-testid={`ticket-message-${m.author}`}>
            <div className="sp-post__who">
              {m.author === 'operator' ? t('detail.support') : t('detail.you')}
              <span className="sp-time">{formatDateTime(m.createdAt, i18n.language)}</span>
            </div>
            <div className="sp-post__text">{m.content}</div>
            {m.images.length ? (
              <div className="sp-images">
                {m.images.map((f) => (
                  <PrivateImage key={f} fileId={f} />
                ))}
              </div>
            ) : null}
          </li>
        ))}
      </ol>
      {ticket.state === 'waiting' ? <div className="sp-note sp-note--center">{t('detail.waitingNote')}</div> : null}
      <div className="sp-card">
        <label className="sp-label" htmlFor="ticket-followup">
          {t('detail.followUp')}
        </label>
        <TextArea
          id="ticket-followup"
          placeholder={t('detail.followUpPlaceholder')}
          value={content}
          onChange={setContent}
          maxLength={CONTENT_MAX}
          autoSize={{ minRows: 3, maxRows: 8 }}
          data-testid="ticket-followup"
        />
        <ImagePicker value={images} onChange={setImages} testId="followup-images" />
        <FieldError message={error} testId="error-followup" />
        <Button block color="primary" loading={busy} onClick={() => void send()} data-testid="ticket-followup-send">
          {t('detail.send')}
        </Button>
      </div>
    </div>
  );
}

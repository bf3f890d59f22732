import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import TextArea from 'antd-mobile/es/components/text-area';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../../lib/api.ts';
import { createTicket, supportKeys } from '../api/support.ts';
import { ImagePicker, type PickedImage } from '../components/ImagePicker.tsx';
import { signedInPage } from '../../../components/SignInGate.tsx';
import { checkTicket, CONTENT_MAX, TITLE_MAX, type TicketFormErrors } from '../model/ticket-form.ts';
import { FieldError } from '../components/FieldError.tsx';
import '../components/support.css';
import { Form } from '../../../components/form/Form.tsx';
import { showToast } from '../../../lib/feedback.ts';

/** /mine/addQuestion: a ticket — title, question, up to six images — checked here before it is sent. */
export default signedInPage('support', AddQuestionForm);

function AddQuestionForm() {
  const { t } = useTranslation('support');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [images, setImages] = useState<PickedImage[]>([]);
  const [errors, setErrors] = useState<TicketFormErrors & { images?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const found = checkTicket({ title, content });
    setErrors(found);
    setServerError(null);
    if (found.title || found.content) return;
    setBusy(true);
    try {
      const ticket = await createTicket({
        title: title.trim(),
        content: content.trim(),
        images: images.flatMap((i) => (i.fileId ? [i.fileId] : [])),
      });
      await queryClient.invalidateQueries({ queryKey: supportKeys.tickets });
      showToast({ icon: 'success', content: t('form.submitted') });
      void navigate(`/mine/questionRecord/${ticket.id}`, { replace: true });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      // the server's own (localized) message, beside the field it names when it names one
      const field = err.field?.split('.')[0];
      if (field === 'title' || field === 'content' || field === 'images') setErrors({ [field]: err.message });
      else setServerError(err.message);
    } finally {
      setBusy(false);
    }
  };

  const msg = (e: string | undefined) => (e ? (e.startsWith('form.') ? t(e) : e) : null);

  return (
    <div className="sp-page">
      <Form onSubmit={() => void submit()}>
        <div className="sp-card">
          <label className="sp-label" htmlFor="ticket-title">
            {t('form.title')}
          </label>
          <Input
            id="ticket-title"
            placeholder={t('form.titlePlaceholder')}
            value={title}
            onChange={setTitle}
            maxLength={TITLE_MAX}
            clearable
            data-testid="ticket-title"
          />
          <FieldError message={msg(errors.title)} testId="error-title" />
        </div>
        <div className="sp-card">
          <label className="sp-label" htmlFor="ticket-content">
            {t('form.content')}
          </label>
          <TextArea
            id="ticket-content"
            placeholder={t('form.contentPlaceholder')}
            value={content}
            onChange={setContent}
            maxLength={CONTENT_MAX}
            rows={6}
            showCount
            data-testid="ticket-content"
          />
          <FieldError message={msg(errors.content)} testId="error-content" />
        </div>
        <div className="sp-card">
          <div className="sp-label">{t('form.images')}</div>
          <div className="sp-note">{t('form.imagesNote')}</div>
          <ImagePicker value={images} onChange={setImages} testId="ticket-images" />
          <FieldError message={msg(errors.images)} testId="error-images" />
        </div>
        {serverError ? (
          <div className="sp-error sp-error--block" role="alert">
            {serverError}
          </div>
        ) : null}
        <Button block color="primary" size="large" type="submit" loading={busy} data-testid="ticket-submit">
          {t('form.submit')}
        </Button>
      </Form>
    </div>
  );
}

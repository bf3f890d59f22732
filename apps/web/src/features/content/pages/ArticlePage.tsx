import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate, useParams } from 'react-router-dom';
import { contentDetailQuery } from '../api/content.ts';
import { ContentArticle } from '../components/ContentArticle.tsx';
import { LoadState } from '../../../components/LoadState.tsx';
import { NotFound } from '../components/NotFound.tsx';
import { isNotFound } from '../model/errors.ts';
import '../components/content.css';

/** /mine/helpCenter/:id — one help-centre article, with a way to ask when it did not answer. */
export default function ArticlePage() {
  const { id } = useParams();
  const { t, i18n } = useTranslation('content');
  const navigate = useNavigate();
  const articleId = Number(id);
  const valid = Number.isSafeInteger(articleId) && articleId > 0;
  const q = useQuery({ ...contentDetailQuery(articleId, i18n.language), enabled: valid });

  if (!valid || (q.isError && isNotFound(q.error))) return <NotFound />;
  if (q.isPending || q.isError) return <LoadState of={[q]} />;
  return (
    <div className="ct-page ct-page--article">
      <ContentArticle item={q.data} dated="updated" />
      <div className="ct-contact">
        <div className="ct-contact__title">{t('help.notAnswered')}</div>
        <div className="ct-contact__buttons">
          <Button color="primary" onClick={() => void navigate('/mine/addQuestion')}>
            {t('help.submitTicket')}
          </Button>
          <Button fill="outline" onClick={() => void navigate('/customerService')}>
            {t('help.chat')}
          </Button>
        </div>
      </div>
    </div>
  );
}

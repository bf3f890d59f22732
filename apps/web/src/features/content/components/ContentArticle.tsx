import { useTranslation } from '../../../lib/use-translation.ts';
import type { ContentDetail } from '../api/content.ts';
import { formatDate, formatDateTime } from '../model/dates.ts';
import { RichText } from './RichText.tsx';

/**
 * One notice, document or help article: title, date, a note when it is shown in English because it
 * has no translation in the reader's language yet, and the body.
 */
export function ContentArticle(props: { item: ContentDetail; showTitle?: boolean; dated?: 'published' | 'updated' }) {
  const { t, i18n } = useTranslation('content');
  const { item } = props;
  return (
    <article className="ct-article" data-testid="content-article" data-content-id={item.id}>
      {props.showTitle !== false ? (
        <h1 className="ct-article__title" data-testid="content-title">
          {item.title}
        </h1>
      ) : null}
      <div className="ct-time">
        {props.dated === 'updated'
          ? t('document.updated', { date: formatDate(item.updatedAt, i18n.language) })
          : formatDateTime(item.publishedAt, i18n.language)}
      </div>
      {item.locale !== i18n.language ? (
        <div className="ct-fallback" data-testid="content-fallback">
          {t('fallbackNote')}
        </div>
      ) : null}
      <RichText html={item.body} />
    </article>
  );
}

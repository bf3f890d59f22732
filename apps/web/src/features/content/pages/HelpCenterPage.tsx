import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import CapsuleTabs from 'antd-mobile/es/components/capsule-tabs';
import List from 'antd-mobile/es/components/list';
import SearchBar from 'antd-mobile/es/components/search-bar';
import { QuestionCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { faqQuery, helpCategoriesQuery } from '../api/content.ts';
import { LoadState } from '../../../components/LoadState.tsx';
import { useDebounced } from '../model/use-debounced.ts';
import '../components/content.css';

const ALL = 'all';

/**
 * /mine/helpCenter: the help-centre articles by category, with a search over titles and texts, and
 * the ways to reach a person (ticket, ticket list, live chat) when the answer is not there.
 */
export default function HelpCenterPage() {
  const { t, i18n } = useTranslation('content');
  const navigate = useNavigate();
  const [category, setCategory] = useState<string>(ALL);
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const categories = useQuery(helpCategoriesQuery(i18n.language));
  // a search looks through every category
  const categoryId = q || category === ALL ? null : Number(category);
  const articles = useQuery(faqQuery(i18n.language, categoryId, q));

  return (
    <div className="ct-page" data-testid="help-center">
      <div className="ct-search">
        <SearchBar
          placeholder={t('help.search')}
          value={search}
          onChange={setSearch}
          maxLength={100}
          data-testid="help-search"
        />
      </div>
      {!q && categories.data && categories.data.list.length > 0 ? (
        <CapsuleTabs activeKey={category} onChange={setCategory} className="ct-tabs">
          <CapsuleTabs.Tab key={ALL} title={t('help.all')} />
          {categories.data.list.map((c) => (
            <CapsuleTabs.Tab key={String(c.id)} title={c.name} />
          ))}
        </CapsuleTabs>
      ) : null}

      {articles.isPending ? (
        <LoadState error={false} />
      ) : articles.isError ? (
        <LoadState error retry={() => void articles.refetch()} />
      ) : articles.data.list.length === 0 ? (
        <EmptyState
          icon={<QuestionCircleOutline />}
          title={q ? t('help.noResults', { q }) : t('help.empty')}
          text={t('help.askUs')}
          testId="help-empty"
        />
      ) : (
        <List className="ct-list" data-testid="help-articles">
          {articles.data.list.map((a) => (
            <List.Item
              key={a.id}
              onClick={() => void navigate(`/mine/helpCenter/${a.id}`)}
              description={a.summary || undefined}
              data-testid={`help-article-${a.id}`}
            >
              {a.title}
            </List.Item>
          ))}
        </List>
      )}

      <div className="ct-contact">
        <div className="ct-contact__title">{t('help.stillNeedHelp')}</div>
        <div className="ct-contact__buttons">
          <Button
            color="primary"
            fill="solid"
            onClick={() => void navigate('/mine/addQuestion')}
            data-testid="help-add-question"
          >
            {t('help.submitTicket')}
          </Button>
          <Button fill="outline" onClick={() => void navigate('/mine/questionRecord')} data-testid="help-my-tickets">
            {t('help.myTickets')}
          </Button>
          <Button fill="outline" onClick={() => void navigate('/customerService')} data-testid="help-chat">
            {t('help.chat')}
          </Button>
        </div>
      </div>
    </div>
  );
}

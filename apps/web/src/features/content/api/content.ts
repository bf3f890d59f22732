import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';

/**
 * The content calls of spec §7 (notices, documents, help-centre articles, banners). Everything is
 * public; a signed-in caller also gets notice read marks, so the session is part of the query keys.
 */
export type ContentType = 'notice' | 'document' | 'faq';

export interface ContentListItem {
  id: number;
  type: ContentType;
  code: string | null;
  categoryId: number | null;
  title: string;
  summary: string;
  pinned: boolean;
  publishedAt: number;
  updatedAt: number;
  unread: boolean;
}

export interface ContentPage {
  list: ContentListItem[];
  total: number;
  page: number;
  size: number;
}

export interface ContentDetail {
  id: number;
  type: ContentType;
  code: string | null;
  categoryId: number | null;
  pinned: boolean;
  publishedAt: number;
  updatedAt: number;
  /** The language the text is in: the caller's, or en_us when it has no translation yet. */
  locale: string;
  title: string;
  summary: string;
  /** Sanitized on the server when it was saved (see RichText). */
  body: string;
}

export interface HelpCategory {
  id: number;
  code: string;
  name: string;
}

export interface Banner {
  id: number;
  position: string;
  sort: number;
  title: string;
  imageUrl: string;
  linkUrl: string | null;
  startsAt: number;
  endsAt: number | null;
}

export const NOTICE_PAGE_SIZE = 20;

export const contentKeys = {
  all: ['content'] as const,
  notices: (locale: string, signedIn: boolean) => ['content', 'notices', locale, signedIn] as const,
  latestNotices: (locale: string, signedIn: boolean) => ['content', 'latest', locale, signedIn] as const,
  detail: (id: number, locale: string) => ['content', 'detail', id, locale] as const,
  document: (code: string, locale: string) => ['content', 'document', code, locale] as const,
  categories: (locale: string) => ['content', 'categories', locale] as const,
  faq: (locale: string, categoryId: number | null, q: string) => ['content', 'faq', locale, categoryId, q] as const,
  banners: (locale: string, position: string) => ['content', 'banners', locale, position] as const,
};

export const listContent = (body: { type: ContentType; page: number; size: number; categoryId?: number; q?: string }) =>
  apiPost<ContentPage>('/xb/v1/content/list', body);

/** The notice list, page after page (pinned first, newest first: the server's order). */
export const noticesQuery = (locale: string, signedIn: boolean) =>
  infiniteQueryOptions({
    queryKey: contentKeys.notices(locale, signedIn),
    queryFn: ({ pageParam }) => listContent({ type: 'notice', page: pageParam, size: NOTICE_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
  });

/** The newest few notices for the home strip; quiet on failure (the strip just hides). */
export const latestNoticesQuery = (locale: string, signedIn: boolean) =>
  queryOptions({
    queryKey: contentKeys.latestNotices(locale, signedIn),
    queryFn: () =>
      apiPost<ContentPage>(
        '/xb/v1/content/list',
        { type: 'notice', page: 1, size: 5 },
        { silent: true, noRetry: true },
      ),
  });

export const contentDetailQuery = (id: number, locale: string) =>
  queryOptions({
    queryKey: contentKeys.detail(id, locale),
    queryFn: () => apiPost<ContentDetail>('/xb/v1/content/detail', { id }, { silent: true }),
  });

export const documentQuery = (code: string, locale: string) =>
  queryOptions({
    queryKey: contentKeys.document(code, locale),
    queryFn: () => apiPost<ContentDetail>('/xb/v1/content/detail/by/code', { code }, { silent: true }),
  });

export const helpCategoriesQuery = (locale: string) =>
  queryOptions({
    queryKey: contentKeys.categories(locale),
    queryFn: () => apiPost<{ list: HelpCategory[] }>('/xb/v1/content/category/list', { type: 'faq' }),
  });

/** Help-centre articles of one category (or all), optionally matching a search. */
export const faqQuery = (locale: string, categoryId: number | null, q: string) =>
  queryOptions({
    queryKey: contentKeys.faq(locale, categoryId, q),
    queryFn: () =>
      listContent({ type: 'faq', page: 1, size: 100, ...(categoryId ? { categoryId } : {}), ...(q ? { q } : {}) }),
  });

export const bannersQuery = (locale: string, position: string) =>
  queryOptions({
    queryKey: contentKeys.banners(locale, position),
    queryFn: () =>
      apiPost<{ list: Banner[] }>('/xb/v1/common/load/banner', { position }, { silent: true, noRetry: true }),
    staleTime: 5 * 60_000,
  });

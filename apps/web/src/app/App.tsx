import { useEffect, useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import enUS from 'antd-mobile/es/locales/en-US';
import { useTranslation } from '../lib/use-translation.ts';
import { RouterProvider } from 'react-router-dom';
import { isLocale, type Locale } from '../lib/languages.ts';
import type { createAppRouter } from './router.tsx';

type AntdLocale = typeof enUS;
// antd-mobile's own strings (picker buttons, empty states) follow the interface language; like the
// app's texts, only the language in use is fetched (English is the one bundled).
const ANTD_LOCALES: Record<Locale, () => Promise<{ default: AntdLocale }>> = {
  en_us: () => Promise.resolve({ default: enUS }),
  zh_hk: () => import('antd-mobile/es/locales/zh-HK'),
  zh_cn: () => import('antd-mobile/es/locales/zh-CN'),
  de: () => import('antd-mobile/es/locales/de-DE'),
  fr: () => import('antd-mobile/es/locales/fr-FR'),
  jp: () => import('antd-mobile/es/locales/ja-JP'),
  kr: () => import('antd-mobile/es/locales/ko-KR'),
  tr: () => import('antd-mobile/es/locales/tr-TR'),
};

function useAntdLocale(locale: Locale): AntdLocale {
  const [texts, setTexts] = useState<AntdLocale>(enUS);
  useEffect(() => {
    let current = true;
    void ANTD_LOCALES[locale]().then((m) => current && setTexts(m.default));
    return () => {
      current = false;
    };
  }, [locale]);
  return texts;
}

const queryClient = new QueryClient({
  defaultOptions: {
    // The API client already shows errors and offers a reload: no silent automatic retries.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

export function App(props: { router: ReturnType<typeof createAppRouter> }) {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : 'en_us';
  const antdLocale = useAntdLocale(locale);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={antdLocale}>
        <RouterProvider router={props.router} />
      </ConfigProvider>
    </QueryClientProvider>
  );
}

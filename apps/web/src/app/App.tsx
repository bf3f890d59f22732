import { useMemo } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import deDE from 'antd-mobile/es/locales/de-DE';
import enUS from 'antd-mobile/es/locales/en-US';
import frFR from 'antd-mobile/es/locales/fr-FR';
import jaJP from 'antd-mobile/es/locales/ja-JP';
import koKR from 'antd-mobile/es/locales/ko-KR';
import trTR from 'antd-mobile/es/locales/tr-TR';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import zhHK from 'antd-mobile/es/locales/zh-HK';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { isLocale, type Locale } from '../lib/languages.ts';
import { createAppRouter } from './router.tsx';

// antd-mobile's own strings (picker buttons, empty states) follow the interface language.
const ANTD_LOCALES: Record<Locale, typeof enUS> = {
  en_us: enUS,
  zh_hk: zhHK,
  zh_cn: zhCN,
  de: deDE,
  fr: frFR,
  jp: jaJP,
  kr: koKR,
  tr: trTR,
};

const queryClient = new QueryClient({
  defaultOptions: {
    // The API client already shows errors and offers a reload: no silent automatic retries.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

export function App() {
  const { i18n } = useTranslation();
  const router = useMemo(() => createAppRouter(), []);
  const locale = isLocale(i18n.language) ? i18n.language : 'en_us';
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={ANTD_LOCALES[locale]}>
        <RouterProvider router={router} />
      </ConfigProvider>
    </QueryClientProvider>
  );
}

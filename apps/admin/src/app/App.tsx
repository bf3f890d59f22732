import { App as AntApp, ConfigProvider, Spin } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import deDE from 'antd/locale/de_DE';
import frFR from 'antd/locale/fr_FR';
import jaJP from 'antd/locale/ja_JP';
import koKR from 'antd/locale/ko_KR';
import trTR from 'antd/locale/tr_TR';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { call, onSignedOut } from '../lib/api.ts';
import { readToken, writeToken } from '../lib/session.ts';
import { SetupPage } from '../features/auth/SetupPage.tsx';
import { SignInPage } from '../features/auth/SignInPage.tsx';
import { MeContext, type Operator } from './me-context.ts';
import { Shell } from './Shell.tsx';
import { screens } from './screens.tsx';

const ANTD_LOCALES = { en_us: enUS, zh_cn: zhCN, zh_hk: zhTW, de: deDE, fr: frFR, jp: jaJP, kr: koKR, tr: trTR };

export function App() {
  const { i18n } = useTranslation();
  const [me, setMe] = useState<Operator | null>(null);
  const [loading, setLoading] = useState(() => readToken() !== null);

  useEffect(() => {
    if (!readToken()) return;
    call<Operator>('/admin/me')
      .then(setMe)
      .catch(() => writeToken(null))
      .finally(() => setLoading(false));
  }, []);
  useEffect(() => onSignedOut(() => setMe(null)), []);

  const signedIn = useCallback((token: string, operator: Operator) => {
    writeToken(token);
    setMe(operator);
  }, []);
  const signOut = useCallback(async () => {
    await call('/admin/auth/logout').catch(() => {});
    writeToken(null);
    setMe(null);
  }, []);
  const state = useMemo(() => ({ me, signedIn, signOut }), [me, signedIn, signOut]);
  const antdLocale = ANTD_LOCALES[i18n.language as keyof typeof ANTD_LOCALES] ?? enUS;

  return (
    <ConfigProvider locale={antdLocale} theme={{ token: { colorPrimary: '#1652f0' } }}>
      <AntApp>
        <MeContext.Provider value={state}>
          {loading ? (
            <Spin fullscreen />
          ) : (
            <BrowserRouter basename="/admin">
              <Routes>
                <Route path="/setup" element={<SetupPage />} />
                <Route path="/login" element={me ? <Navigate to="/" replace /> : <SignInPage />} />
                <Route element={me ? <Shell /> : <Navigate to="/login" replace />}>
                  {screens.map((s) => (
                    <Route key={s.path} path={s.path} element={s.element} />
                  ))}
                  <Route path="*" element={<Navigate to="/" replace />} />
                </Route>
              </Routes>
            </BrowserRouter>
          )}
        </MeContext.Provider>
      </AntApp>
    </ConfigProvider>
  );
}

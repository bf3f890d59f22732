import { Button, Dialog, List, Toast } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { apiPost } from '../../../lib/api.ts';
import { changeLanguage, currentLocale } from '../../../lib/i18n.ts';
import { LANGUAGE_NAMES, LOCALES, type Locale } from '../../../lib/languages.ts';
import { useSession, useSignedIn } from '../../../lib/session.ts';
import { CONVENTIONS, THEMES } from '../../../lib/appearance/appearance.ts';
import { useAppearance } from '../../../lib/appearance/store.ts';

/**
 * Settings: the interface language (all eight, in their own names), the theme (system, light, dark), the colour
 * convention of price moves and, when signed in, log out.
 */
export default function SettingPage() {
  const { t, i18n } = useTranslation('common');
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  const active = currentLocale();
  const appearance = useAppearance();

  const pick = async (locale: Locale) => {
    if (locale === active) return;
    await changeLanguage(locale);
    Toast.show({ content: i18n.t('common:setting.languageChanged') });
  };

  const logout = async () => {
    const ok = await Dialog.confirm({
      content: t('setting.logoutConfirm'),
      confirmText: t('action.logout'),
      cancelText: t('action.cancel'),
    });
    if (!ok) return;
    try {
      // Ends the session on the server too; the token is dropped here whatever the answer.
      await apiPost('/xb/v1/auth/logout', {}, { silent: true, noRetry: true });
    } catch {
      // an already-expired session or no network: signing out locally is still right
    }
    useSession.getState().signOut();
    Toast.show({ content: t('setting.loggedOut') });
    void navigate('/home', { replace: true });
  };

  return (
    <div className="page-body">
      <List header={t('setting.language')} className="card card--list" data-testid="language-list">
        {LOCALES.map((l) => (
          <List.Item
            key={l}
            onClick={() => void pick(l)}
            extra={l === active ? <CheckOutline className="accent" /> : null}
            arrowIcon={false}
            data-testid={`lang-${l}`}
            aria-current={l === active}
          >
            <span lang={l}>{LANGUAGE_NAMES[l]}</span>
          </List.Item>
        ))}
      </List>
      <List header={t('setting.theme')} className="card card--list" data-testid="theme-list">
        {THEMES.map((theme) => (
          <List.Item
            key={theme}
            onClick={() => appearance.set({ theme })}
            extra={theme === appearance.theme ? <CheckOutline className="accent" /> : null}
            arrowIcon={false}
            data-testid={`theme-${theme}`}
            aria-current={theme === appearance.theme}
          >
            {t(`setting.themes.${theme}`)}
          </List.Item>
        ))}
      </List>
      <List header={t('setting.colors')} className="card card--list" data-testid="colors-list">
        {CONVENTIONS.map((colors) => (
          <List.Item
            key={colors}
            onClick={() => appearance.set({ colors })}
            extra={colors === appearance.colors ? <CheckOutline className="accent" /> : null}
            arrowIcon={false}
            data-testid={`colors-${colors}`}
            aria-current={colors === appearance.colors}
          >
            <span className={`colors-sample colors-sample--${colors}`} aria-hidden="true">
              <span className="colors-sample__rise">▲</span>
              <span className="colors-sample__fall">▼</span>
            </span>
            {t(`setting.conventions.${colors}`)}
          </List.Item>
        ))}
      </List>
      {signedIn && (
        <div className="card card--plain">
          <Button block color="danger" fill="outline" onClick={() => void logout()} data-testid="logout">
            {t('action.logout')}
          </Button>
        </div>
      )}
    </div>
  );
}

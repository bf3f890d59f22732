import Button from 'antd-mobile/es/components/button';
import List from 'antd-mobile/es/components/list';
import Toast from 'antd-mobile/es/components/toast';
import { CheckOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate } from 'react-router-dom';
import { apiPost } from '../../../lib/api.ts';
import { changeLanguage, currentLocale } from '../../../lib/i18n.ts';
import { LANGUAGE_NAMES, LOCALES, type Locale } from '../../../lib/languages.ts';
import { useSession, useSignedIn } from '../../../lib/session.ts';
import { CONVENTIONS, THEMES } from '../../../lib/appearance/appearance.ts';
import { useAppearance } from '../../../lib/appearance/store.ts';
import { confirmDialog } from '../../../lib/feedback.ts';

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
    const ok = await confirmDialog({
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
      <ChoiceList
        header={t('setting.language')}
        testId="language-list"
        options={LOCALES}
        active={active}
        onPick={(l) => void pick(l)}
        itemTestId={(l) => `lang-${l}`}
        label={(l) => <span lang={l}>{LANGUAGE_NAMES[l]}</span>}
      />
      <ChoiceList
        header={t('setting.theme')}
        testId="theme-list"
        options={THEMES}
        active={appearance.theme}
        onPick={(theme) => appearance.set({ theme })}
        itemTestId={(theme) => `theme-${theme}`}
        label={(theme) => t(`setting.themes.${theme}`)}
      />
      <ChoiceList
        header={t('setting.colors')}
        testId="colors-list"
        options={CONVENTIONS}
        active={appearance.colors}
        onPick={(colors) => appearance.set({ colors })}
        itemTestId={(colors) => `colors-${colors}`}
        label={(colors) => (
          <>
            <span className={`colors-sample colors-sample--${colors}`} aria-hidden="true">
              <span className="colors-sample__rise">▲</span>
              <span className="colors-sample__fall">▼</span>
            </span>
            {t(`setting.conventions.${colors}`)}
          </>
        )}
      />
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

/** One setting as a list of choices, the chosen one ticked. */
function ChoiceList<T extends string>(props: {
  header: string;
  testId: string;
  options: readonly T[];
  active: T;
  onPick: (option: T) => void;
  itemTestId: (option: T) => string;
  label: (option: T) => ReactNode;
}) {
  return (
    <List header={props.header} className="card card--list" data-testid={props.testId}>
      {props.options.map((o) => (
        <List.Item
          key={o}
          onClick={() => props.onPick(o)}
          extra={o === props.active ? <CheckOutline className="accent" /> : null}
          arrowIcon={false}
          data-testid={props.itemTestId(o)}
          aria-current={o === props.active}
        >
          {props.label(o)}
        </List.Item>
      ))}
    </List>
  );
}

import { useEffect } from 'react';
import { LeftOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../lib/use-translation.ts';
import { useNavigate } from 'react-router-dom';
import { useNavStore } from '../../lib/nav-store.ts';
import { StorageKey, writeStored } from '../../lib/storage.ts';
import { useRouteDef } from '../Shell.tsx';
import './nav-bar.css';

/**
 * The screen header (spec §2): back arrow (one step back, or Home when the app was opened on this
 * screen), the translated title — kept in NAV_TITLE — and an optional icon beside it. Drawn with own
 * markup rather than antd-mobile's NavBar, whose back area is an unnamed role="button" even where there
 * is no back arrow: here the arrow is a real button named "Back".
 */
export function NavBar(props: { back?: boolean; right?: React.ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const def = useRouteDef();
  const override = useNavStore((s) => s.title);
  const icon = useNavStore((s) => s.icon);
  const title = override ?? (def ? t(def.titleKey) : '');

  useEffect(() => {
    writeStored(StorageKey.NAV_TITLE, title);
    document.title = title ? `${title} · Tidemark` : 'Tidemark';
  }, [title]);

  const goBack = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate('/home', { replace: true });
  };

  return (
    <header className="nav-bar">
      <div className="nav-bar__side">
        {props.back !== false && (
          <button
            type="button"
            className="nav-bar__back"
            aria-label={t('common:action.back')}
            data-testid="nav-back"
            onClick={goBack}
          >
            <LeftOutline aria-hidden="true" />
          </button>
        )}
      </div>
      <div className="nav-bar__center">
        <span className="nav-bar__title" data-testid="nav-title">
          {icon}
          {title}
        </span>
      </div>
      <div className="nav-bar__side nav-bar__side--right">{props.right}</div>
    </header>
  );
}

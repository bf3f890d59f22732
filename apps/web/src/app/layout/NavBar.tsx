import { useEffect } from 'react';
import AntNavBar from 'antd-mobile/es/components/nav-bar';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useNavStore } from '../../lib/nav-store.ts';
import { StorageKey, writeStored } from '../../lib/storage.ts';
import { useRouteDef } from '../Shell.tsx';

/**
 * The screen header (spec §2): back arrow (one step back, or Home when the app was opened on this
 * screen), the translated title — kept in NAV_TITLE — and an optional icon beside it.
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
    <AntNavBar className="nav-bar" back={props.back === false ? null : ''} onBack={goBack} right={props.right}>
      <span className="nav-bar__title" data-testid="nav-title">
        {icon}
        {title}
      </span>
    </AntNavBar>
  );
}

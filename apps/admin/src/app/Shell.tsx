import { LogoutOutlined } from '@ant-design/icons';
import { Button, Layout, Menu, Select, Space, Tag, Typography } from 'antd';
import { LOCALES, type Locale } from '@tidemark/contract/locales';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { changeLocale, LANGUAGE_NAMES } from '../lib/i18n.ts';
import { hasRole } from '../lib/roles.ts';
import { useMe } from './me-context.ts';
import { screens } from './screens.tsx';

/** The console's frame: the menu of the screens this operator may open, who is signed in, the language. */
export function Shell() {
  const { t, i18n } = useTranslation();
  const { me, signOut } = useMe();
  const navigate = useNavigate();
  const location = useLocation();
  const items = screens
    .filter((s) => !s.hidden && me && hasRole(me.roles, s.roles))
    .map((s) => ({ key: s.path, icon: s.icon, label: t(`nav.${s.key}`) }));
  const selected = screens
    .filter((s) => !s.hidden)
    .map((s) => s.path)
    .filter((p) => (p === '/' ? location.pathname === '/' : location.pathname.startsWith(p)));

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={220} theme="dark">
        <div style={{ color: '#fff', fontWeight: 600, fontSize: 18, padding: '18px 24px' }}>{t('app.title')}</div>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={selected}
          items={items}
          onClick={(e) => navigate(e.key)}
          data-qa="nav"
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header style={{ background: '#fff', display: 'flex', justifyContent: 'flex-end', paddingInline: 24 }}>
          <Space>
            <Typography.Text data-qa="me">{me?.name}</Typography.Text>
            {me?.roles.map((r) => (
              <Tag key={r}>{t(`roles.${r}`)}</Tag>
            ))}
            <Select<Locale>
              aria-label={t('app.language')}
              value={i18n.language as Locale}
              style={{ width: 120 }}
              options={LOCALES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
              onChange={(l) => void changeLocale(l)}
            />
            <Button icon={<LogoutOutlined />} onClick={() => void signOut()}>
              {t('auth.signOut')}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ margin: 24 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

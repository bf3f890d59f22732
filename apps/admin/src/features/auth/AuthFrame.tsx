import { Card, Select, Typography } from 'antd';
import { LOCALES, type Locale } from '@tidemark/contract/locales';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale, LANGUAGE_NAMES } from '../../lib/i18n.ts';

/** The centred card the signed-out screens share, with the language picker. */
export function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f0f2f5' }}>
      <Card style={{ width: 440 }}>
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('app.title')}
          </Typography.Title>
          <Select<Locale>
            aria-label={t('app.language')}
            size="small"
            value={i18n.language as Locale}
            style={{ width: 110 }}
            options={LOCALES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
            onChange={(l) => void changeLocale(l)}
          />
        </div>
        <Typography.Title level={5}>{title}</Typography.Title>
        {children}
      </Card>
    </div>
  );
}

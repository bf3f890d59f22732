import DotLoading from 'antd-mobile/es/components/dot-loading';
import { useTranslation } from '../../lib/use-translation.ts';

export function PageLoading() {
  const { t } = useTranslation('common');
  return (
    <div className="page-loading" aria-busy="true">
      <DotLoading color="primary" />
      <span>{t('shell.loading')}</span>
    </div>
  );
}

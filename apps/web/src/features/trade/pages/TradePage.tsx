import { PayCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState.tsx';

export default function TradePage() {
  const { t } = useTranslation('common');
  return (
    <div className="page-body">
      <div className="card">
        <EmptyState
          testId="trade-empty"
          icon={<PayCircleOutline />}
          title={t('trade.soon')}
          text={t('trade.soonText')}
        />
      </div>
    </div>
  );
}

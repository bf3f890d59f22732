import Button from 'antd-mobile/es/components/button';
import { QuestionCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../lib/use-translation.ts';
import { useNavigate } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState.tsx';

export default function NotFoundPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <div className="page-body">
      <EmptyState
        testId="not-found"
        icon={<QuestionCircleOutline />}
        title={t('nav.notFound')}
        text={t('shell.notFoundText')}
        action={
          <Button color="primary" onClick={() => void navigate('/home', { replace: true })}>
            {t('action.goHome')}
          </Button>
        }
      />
    </div>
  );
}

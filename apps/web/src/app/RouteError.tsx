import Button from 'antd-mobile/es/components/button';
import { useTranslation } from '../lib/use-translation.ts';
import { useNavigate, useRouteError } from 'react-router-dom';
import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { EmptyState } from '../components/EmptyState.tsx';
import { classifyChunkError } from '../lib/lazy.ts';

/** What a screen shows when it failed to load or threw: the reason's code and a way out. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const chunk = classifyChunkError(error);
  if (!chunk) console.error(error);
  return (
    <div className="page-body">
      <EmptyState
        testId="route-error"
        icon={<ExclamationCircleOutline />}
        title={chunk ? t('shell.loadFailed') : t('shell.somethingWrong')}
        text={chunk ? `${t('shell.loadFailedHint')} ${t('shell.errorCode', { code: chunk })}` : undefined}
        action={
          <div className="button-row">
            <Button color="primary" onClick={() => window.location.reload()}>
              {t('action.reload')}
            </Button>
            <Button onClick={() => void navigate('/home')}>{t('action.goHome')}</Button>
          </div>
        }
      />
    </div>
  );
}

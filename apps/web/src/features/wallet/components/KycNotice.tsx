import { Button, Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { translate } from '../../../lib/i18n.ts';
import { navigateTo } from '../../../lib/navigation.ts';

/** The banner of an unverified user on a withdrawal form: verification first, with the way there. */
export function KycNotice(props: { path: string }) {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  return (
    <div className="wal-kyc" data-testid="kyc-notice">
      <span>{t('kyc.required')}</span>
      <Button size="small" color="warning" onClick={() => navigate(props.path)} data-testid="kyc-go">
        {t('kyc.verify')}
      </Button>
    </div>
  );
}

/** The server refused with KYC_REQUIRED: say so, and offer the identity screen. */
export function showKycRequired(message: string, path = '/mine/identity'): void {
  void Dialog.confirm({
    content: <div data-testid="kyc-required-dialog">{message}</div>,
    confirmText: translate('wallet:kyc.verify'),
    cancelText: translate('wallet:action.cancel'),
    onConfirm: () => navigateTo(path),
  });
}

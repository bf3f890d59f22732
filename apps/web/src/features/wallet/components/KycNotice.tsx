import Button from 'antd-mobile/es/components/button';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useDetour, withReturnTo, type Draft } from '../../../lib/detour.ts';
import { translate } from '../../../lib/i18n.ts';
import { navigateTo } from '../../../lib/navigation.ts';
import { confirmDialog } from '../../../lib/feedback.ts';

/**
 * The banner of an unverified user on a withdrawal form: verification first, with the way there and
 * back to this form with what was typed (`draft`, read when the button is pressed).
 */
export function KycNotice(props: { path: string; draft?: () => Draft }) {
  const { t } = useTranslation('wallet');
  const detour = useDetour();
  return (
    <div className="wal-kyc" data-testid="kyc-notice">
      <span>{t('kyc.required')}</span>
      <Button
        size="small"
        color="warning"
        onClick={() => detour.leave(props.path, props.draft?.())}
        data-testid="kyc-go"
      >
        {t('kyc.verify')}
      </Button>
    </div>
  );
}

/** The server refused with KYC_REQUIRED: say so, and offer the identity screen. */
export function showKycRequired(message: string, path = '/mine/identity'): void {
  void confirmDialog({
    content: <div data-testid="kyc-required-dialog">{message}</div>,
    confirmText: translate('wallet:kyc.verify'),
    cancelText: translate('wallet:action.cancel'),
    onConfirm: () => navigateTo(withReturnTo(path, window.location.pathname + window.location.search)),
  });
}

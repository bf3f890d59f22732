import Button from 'antd-mobile/es/components/button';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useDetour } from '../../../lib/detour.ts';

/** Spec §5: identity needs the e-mail and the phone bound first; this leads to what is missing. */
export function BindFirst(props: { emailBound: boolean; phoneBound: boolean }) {
  const { t } = useTranslation('kyc');
  // binding is a detour of its own: back to this page (and on to wherever it returns) afterwards
  const detour = useDetour();
  return (
    <section className="stack-card kyc-card" data-testid="kyc-bind-first">
      <h2 className="kyc-card__title">{t('bind.title')}</h2>
      <p className="kyc-text">{t('bind.text')}</p>
      {!props.emailBound ? (
        <Button color="primary" fill="outline" onClick={() => detour.leave('/mine/email')} data-testid="kyc-bind-email">
          {t('bind.email')}
        </Button>
      ) : null}
      {!props.phoneBound ? (
        <Button color="primary" fill="outline" onClick={() => detour.leave('/mine/phone')} data-testid="kyc-bind-phone">
          {t('bind.phone')}
        </Button>
      ) : null}
    </section>
  );
}

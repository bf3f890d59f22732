import { useTranslation } from '../../lib/use-translation.ts';
import { ClockCircleOutline } from 'antd-mobile-icons';
import { EmptyState } from '../../components/EmptyState.tsx';
import { useRouteDef } from '../Shell.tsx';

/** A spec screen whose feature is not built yet: says so plainly, under the screen's real title. */
export default function ComingSoonPage() {
  const { t } = useTranslation();
  const def = useRouteDef();
  const feature = def ? t(def.titleKey) : '';
  return (
    <div className="page-body">
      <EmptyState
        testId="coming-soon"
        icon={<ClockCircleOutline />}
        title={t('common:comingSoon.title', { feature })}
        text={t('common:comingSoon.text')}
      />
    </div>
  );
}

import Tag from 'antd-mobile/es/components/tag';
import { useTranslation } from '../../../lib/use-translation.ts';

/** Prices from the simulated feed or the demo taker flow are always labelled (DESIGN.md §1.5). */
export function DemoTag(props: { show: boolean }) {
  const { t } = useTranslation('market');
  if (!props.show) return null;
  return (
    <Tag color="warning" fill="outline" className="demo-tag" data-testid="demo-tag">
      {t('demo')}
    </Tag>
  );
}

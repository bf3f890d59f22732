import { useTranslation } from '../../../lib/use-translation.ts';

/** The "demo" badge shown wherever a simulated price values money (DESIGN.md §1.5). */
export function DemoBadge() {
  const { t } = useTranslation('wallet');
  return (
    <span className="demo-badge wal-demo" title={t('demo.hint')} data-testid="demo-badge">
      {t('demo.label')}
    </span>
  );
}

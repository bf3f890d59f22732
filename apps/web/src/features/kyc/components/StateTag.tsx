import Tag from 'antd-mobile/es/components/tag';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { LevelState } from '../model/level-view.ts';

const COLORS: Record<LevelState, string> = {
  not_certified: 'default',
  under_certification: 'warning',
  certified: 'success',
  rejected: 'danger',
  locked: 'default',
};

/** A level's state in the words of spec §4. */
export function StateTag(props: { state: LevelState; testId?: string }) {
  const { t } = useTranslation('kyc');
  return (
    <Tag color={COLORS[props.state]} fill="outline" data-testid={props.testId} data-state={props.state}>
      {t(`state.${props.state}`)}
    </Tag>
  );
}

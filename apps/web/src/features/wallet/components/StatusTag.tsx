import Tag from 'antd-mobile/es/components/tag';
import { useTranslation } from '../../../lib/use-translation.ts';

const COLOR: Record<string, string> = {
  pending: 'warning',
  credited: 'primary',
  sent: 'primary',
  confirmed: 'success',
  completed: 'success',
  paid: 'success',
  rejected: 'danger',
  failed: 'danger',
  cancelled: 'default',
};

/** A record's status in words and colour. */
export function StatusTag(props: { status: string; testId?: string }) {
  const { t } = useTranslation('wallet');
  return (
    <Tag color={COLOR[props.status] ?? 'default'} fill="outline" data-testid={props.testId} data-status={props.status}>
      {t(`status.${props.status}`, { defaultValue: props.status })}
    </Tag>
  );
}

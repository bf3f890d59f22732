import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = {
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
  sent: 'blue',
  completed: 'green',
  confirmed: 'green',
  credited: 'cyan',
  paid: 'green',
  cancelled: 'default',
  failed: 'red',
  proposed: 'gold',
};

/** A record's state in the operator's language, coloured the same on every screen. */
export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[status] ?? 'default'}>{t(`status.${status}`, { defaultValue: status })}</Tag>;
}

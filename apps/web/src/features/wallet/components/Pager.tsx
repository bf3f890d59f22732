import Button from 'antd-mobile/es/components/button';
import { useTranslation } from '../../../lib/use-translation.ts';

/** Previous / next page of a record list (the server pages by `page` and `size`). */
export function Pager(props: { page: number; size: number; total: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('wallet');
  const pages = Math.max(1, Math.ceil(props.total / props.size));
  if (pages <= 1) return null;
  return (
    <div className="wal-pager">
      <Button size="small" disabled={props.page <= 1} onClick={() => props.onPage(props.page - 1)}>
        {t('pager.prev')}
      </Button>
      <span>{t('pager.of', { page: props.page, pages })}</span>
      <Button size="small" disabled={props.page >= pages} onClick={() => props.onPage(props.page + 1)}>
        {t('pager.next')}
      </Button>
    </div>
  );
}

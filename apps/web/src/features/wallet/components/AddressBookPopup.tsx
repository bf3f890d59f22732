import Popup from 'antd-mobile/es/components/popup';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { LoadState } from '../../../components/LoadState.tsx';
import { addressesQuery } from '../api/wallet.ts';

/** The saved withdrawal addresses of one currency and chain; tapping one fills the form. */
export function AddressBookPopup(props: {
  open: boolean;
  currency: string;
  chain: string;
  onClose: () => void;
  onPick: (address: string) => void;
}) {
  const { t } = useTranslation('wallet');
  const list = useQuery({ ...addressesQuery(props.currency), enabled: props.open });
  const items = (list.data?.items ?? []).filter((a) => a.chain === props.chain);
  return (
    <Popup
      visible={props.open}
      onMaskClick={props.onClose}
      onClose={props.onClose}
      bodyStyle={{ borderRadius: '14px 14px 0 0', maxHeight: '70vh', overflow: 'auto' }}
    >
      <div style={{ padding: 16 }} data-testid="address-book-popup">
        <h2 className="card__title" style={{ marginBottom: 8 }}>
          {t('withdraw.addressBookTitle', { currency: props.currency, chain: props.chain })}
        </h2>
        {!list.data ? (
          <LoadState of={[list]} />
        ) : items.length === 0 ? (
          <EmptyState title={t('address.empty')} action={<Link to="/mine/addCoinAddress">{t('address.add')}</Link>} />
        ) : (
          items.map((a) => (
            <button
              type="button"
              key={a.id}
              className="wal-record"
              style={{ width: '100%', textAlign: 'left', background: 'none', border: 'none' }}
              onClick={() => props.onPick(a.address)}
              data-testid="saved-address"
            >
              <div className="wal-record__head">{a.remark || a.chain}</div>
              <div className="wal-record__mono">{a.address}</div>
            </button>
          ))
        )}
        <div className="wal-links" style={{ marginTop: 8 }}>
          <Link to="/mine/coinAddress">{t('address.manage')}</Link>
        </div>
      </div>
    </Popup>
  );
}

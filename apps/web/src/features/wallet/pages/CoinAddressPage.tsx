import Button from 'antd-mobile/es/components/button';
import Toast from 'antd-mobile/es/components/toast';
import { FileOutline } from 'antd-mobile-icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { addressesQuery, deleteAddress, walletKeys } from '../api/wallet.ts';
import { LoadState } from '../../../components/LoadState.tsx';
import { signedInPage } from '../../../components/SignInGate.tsx';
import { Time } from '../components/Time.tsx';
import { confirmDialog } from '../../../lib/feedback.ts';
import '../components/wallet.css';

/** /mine/coinAddress: the withdrawal address book; deleting asks first. */
export default signedInPage('wallet', AddressBook);

function AddressBook() {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useQuery(addressesQuery());

  const onDelete = async (id: number) => {
    const ok = await confirmDialog({
      content: t('address.deleteConfirm'),
      confirmText: t('action.delete'),
      cancelText: t('action.cancel'),
    });
    if (!ok) return;
    try {
      await deleteAddress(id);
      Toast.show({ content: t('address.deleted') });
    } catch {
      // the API client has shown the server's message
    }
    await queryClient.invalidateQueries({ queryKey: ['wallet', 'addresses'] });
    void queryClient.invalidateQueries({ queryKey: walletKeys.all });
  };

  return (
    <div className="wal-page">
      <section className="card">
        {!list.data ? (
          <LoadState of={[list]} />
        ) : list.data.items.length === 0 ? (
          <EmptyState
            testId="addresses-empty"
            icon={<FileOutline />}
            title={t('address.empty')}
            text={t('address.emptyText')}
          />
        ) : (
          list.data.items.map((a) => (
            <div className="wal-record" key={a.id} data-testid="address-item">
              <div className="wal-record__head">
                <span>
                  {a.currency} · {a.chain}
                </span>
                <Button
                  size="mini"
                  color="danger"
                  fill="outline"
                  onClick={() => void onDelete(a.id)}
                  data-testid="delete-address"
                >
                  {t('action.delete')}
                </Button>
              </div>
              <div className="wal-record__mono">{a.address}</div>
              <div className="wal-record__sub">
                <span>{a.remark ?? ''}</span>
                <Time at={a.time} />
              </div>
            </div>
          ))
        )}
      </section>
      <Button block color="primary" onClick={() => navigate('/mine/addCoinAddress')} data-testid="add-address">
        {t('address.add')}
      </Button>
    </div>
  );
}

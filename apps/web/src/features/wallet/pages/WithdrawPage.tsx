import { useQuery } from '@tanstack/react-query';
import { LoadState } from '../../../components/LoadState.tsx';
import { signedInPage } from '../../../components/SignInGate.tsx';
import { drawInfosQuery, securityQuery } from '../api/wallet.ts';
import { WithdrawalRecords } from '../components/WithdrawalRecords.tsx';
import { WithdrawForm } from '../components/WithdrawForm.tsx';
import '../components/wallet.css';

/** /withdraw: an on-chain withdrawal application (approved by an operator later) and its records. */
export default signedInPage('wallet', Withdraw);

function Withdraw() {
  const infos = useQuery(drawInfosQuery());
  const security = useQuery(securityQuery());
  if (!infos.data || !security.data) {
    return <LoadState of={[infos, security]} />;
  }
  return (
    <div className="wal-page">
      <WithdrawForm infos={infos.data} security={security.data} />
      <WithdrawalRecords />
    </div>
  );
}

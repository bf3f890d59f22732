import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { chainStatusQuery } from '../api/wallet.ts';
import { InfoLine } from './InfoLine.tsx';

/**
 * The chosen network's status on the deposit and withdraw pages: whether that side is open or
 * suspended, how far the deposit watcher is behind the chain, and whether it is the demo chain.
 */
export function NetworkStatusLine(props: { network: string; side: 'deposit' | 'withdraw' }) {
  const { t } = useTranslation('wallet');
  const status = useQuery(chainStatusQuery());
  const n = status.data?.networks.find((x) => x.network === props.network);
  if (!n) return null;
  const open = props.side === 'deposit' ? n.depositsOpen : n.withdrawalsOpen;
  const parts = [
    props.side === 'deposit'
      ? t(open ? 'network.depositsOpen' : 'network.depositsSuspended')
      : t(open ? 'network.withdrawalsOpen' : 'network.withdrawalsSuspended'),
  ];
  if (n.demo) parts.push(t('network.demo'));
  if (n.scannerLag !== null && n.scannerLag > 0) parts.push(t('network.lag', { count: n.scannerLag }));
  return <InfoLine label={t('network.title')} value={parts.join(' · ')} testId="network-status" />;
}

import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSignedIn } from '../../../lib/session.ts';
import { accountQuery, contractsQuery, fundingInfoQuery, openOrdersQuery, positionsQuery } from '../api/futures.ts';

/** The futures screen's data: public contracts and funding; the account, positions and orders when signed in. */
export function useFuturesData(symbol: string | undefined) {
  const signedIn = useSignedIn();
  const contracts = useQuery(contractsQuery());
  const funding = useQuery(fundingInfoQuery());
  const account = useQuery({ ...accountQuery(), enabled: signedIn });
  const positions = useQuery({ ...positionsQuery(), enabled: signedIn });
  const orders = useQuery({ ...openOrdersQuery(symbol), enabled: signedIn && symbol !== undefined });
  return { signedIn, contracts, funding, account, positions, orders };
}

/** The current time, refreshed every second (for countdowns). */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  return now;
}

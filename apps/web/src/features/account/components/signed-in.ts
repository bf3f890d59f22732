import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import type { AuthResponse } from '@tidemark/contract';
import { useSession } from '../../../lib/session.ts';
import { accountKeys } from '../api/account.ts';

/**
 * After login or sign-up: keep the token, forget any cached account of a previous user, and go
 * back to where the user was sent from (the router guard's `from`), else to the user centre.
 */
export function useSignedInRedirect(): (auth: AuthResponse) => void {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  return (auth) => {
    useSession.getState().signIn(auth.token);
    queryClient.removeQueries({ queryKey: accountKeys.all });
    queryClient.setQueryData(accountKeys.info, auth.user);
    const from = (location.state as { from?: unknown } | null)?.from;
    const to = typeof from === 'string' && from.startsWith('/') && !from.startsWith('/login') ? from : '/mine';
    navigate(to, { replace: true });
  };
}

import { createContext, useContext } from 'react';
import type { OperatorView as Operator } from '@tidemark/contract/operators';

export type { OperatorView as Operator } from '@tidemark/contract/operators';

export interface MeState {
  me: Operator | null;
  /** Stores a fresh session (after sign-in or setup) and loads the operator behind it. */
  signedIn: (token: string, operator: Operator) => void;
  signOut: () => Promise<void>;
}

export const MeContext = createContext<MeState>({ me: null, signedIn: () => {}, signOut: async () => {} });

export function useMe(): MeState {
  return useContext(MeContext);
}

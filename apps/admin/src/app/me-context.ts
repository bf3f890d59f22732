import { createContext, useContext } from 'react';

export interface Operator {
  id: number;
  email: string;
  name: string;
  roles: string[];
  active: boolean;
  createdAt: number;
}

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

import { create } from 'zustand';
import { getToken, removeToken, setToken } from './storage.ts';

/**
 * Who is signed in, as far as the app knows: the TOKEN of local storage, mirrored in a store so
 * screens re-render when it changes. Sign-in screens call `signIn(token)`; the API client calls
 * `signOut()` on a 401.
 */
interface SessionState {
  token: string | null;
  signIn(token: string): void;
  signOut(): void;
}

export const useSession = create<SessionState>((set) => ({
  token: getToken(),
  signIn(token) {
    setToken(token);
    set({ token });
  },
  signOut() {
    removeToken();
    set({ token: null });
  },
}));

export const useSignedIn = (): boolean => useSession((s) => s.token !== null);

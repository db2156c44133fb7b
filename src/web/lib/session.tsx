import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { isAdminRole } from '#shared/constants';
import { ApiError, type ApiFetch, api, apiJson } from './api';

export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  displayName: string | null;
  phone: string | null;
  role: string;
  isAdmin: boolean;
  idleTimeoutMinutes: number;
}

/** The signed-in user or null; a server that cannot tell is treated as signed out. */
export async function fetchSession(fetcher: ApiFetch): Promise<SessionUser | null> {
  try {
    const body = await apiJson<{ user: SessionUser | null }>(fetcher, '/api/auth/session');
    return body.user ?? null;
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}

interface SessionContextValue {
  user: SessionUser | null;
  isAdmin: boolean;
  /** Reads the session again from the server (after sign-in, sign-out, profile changes). */
  refresh(): Promise<SessionUser | null>;
  signOut(): Promise<void>;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({
  initialUser,
  children,
}: {
  initialUser: SessionUser | null;
  children: ReactNode;
}) {
  const [user, setUser] = useState(initialUser);
  const refresh = useCallback(async () => {
    const next = await fetchSession((path, init) => fetch(path, { credentials: 'same-origin', ...init }));
    setUser(next);
    return next;
  }, []);
  const signOut = useCallback(async () => {
    await api.post('/api/auth/sign-out');
    setUser(null);
  }, []);
  const value = useMemo(
    () => ({ user, isAdmin: isAdminRole(user?.role), refresh, signOut }),
    [user, refresh, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}

import { useContext } from 'react';
import { type Session, SessionContext } from './session-context';
import type { User } from './session-types';

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

/** The logged user; only for pages behind the login guard. */
export function useUser(): User {
  const { user } = useSession();
  if (!user) throw new Error('useUser without a logged user');
  return user;
}

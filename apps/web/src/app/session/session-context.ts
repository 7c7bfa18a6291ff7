import { createContext } from 'react';
import type { SsoLoginBody, User, UserLang } from './session-types';

export type SessionStatus = 'loading' | 'anonymous' | 'authenticated';

export interface Session {
  status: SessionStatus;
  user: User | null;
  /** `captcha`: a solved proof-of-work token, when the server asks for one (CAPTCHA_REQUIRED) */
  login(email: string, password: string, captcha?: string): Promise<User>;
  /** finishes a single sign-on: the provider's code (token), state and iss, and this browser's binding */
  loginSso(body: SsoLoginBody): Promise<User>;
  /** reads the signed-in user again (after a change the server made to it, e.g. a new password) */
  refreshUser(): Promise<void>;
  logout(): Promise<void>;
  /** PATCH the user's language (null follows the company) and switch the interface */
  setLanguage(lang: UserLang | null): Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

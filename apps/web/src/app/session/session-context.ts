import { createContext } from 'react';
import type { User, UserLang } from './session-types';

export type SessionStatus = 'loading' | 'anonymous' | 'authenticated';

export interface Session {
  status: SessionStatus;
  user: User | null;
  /** `captcha`: a solved proof-of-work token, when the server asks for one (CAPTCHA_REQUIRED) */
  login(email: string, password: string, captcha?: string): Promise<User>;
  loginSso(token: string): Promise<User>;
  logout(): Promise<void>;
  /** PATCH the user's language (null follows the company) and switch the interface */
  setLanguage(lang: UserLang | null): Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

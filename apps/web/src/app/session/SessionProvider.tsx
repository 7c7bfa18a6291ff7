import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-error';
import { api, setSessionLostHandler } from '../api/client';
import { tokenStore } from '../api/token-store';
import { applyLocale } from '../i18n/i18n';
import { browserLanguages, rememberLocale, resolveLocale, storedLocale } from '../i18n/locale';
import { notifyError } from '../notify/notify';
import { navigateTo } from '../router/navigation';
import { type Session, SessionContext, type SessionStatus } from './session-context';
import type { LoginResult, SsoLoginBody, User, UserLang } from './session-types';

function localeFor(user: User | null) {
  return resolveLocale({
    userLang: user?.lang,
    companyLang: user?.company?.language,
    stored: storedLocale(),
    browser: browserLanguages(),
  });
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('errors');
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<SessionStatus>(() => (tokenStore.read() ? 'loading' : 'anonymous'));
  const [user, setUser] = useState<User | null>(null);

  const forget = useCallback(() => {
    tokenStore.clear();
    setUser(null);
    setStatus('anonymous');
    queryClient.clear();
  }, [queryClient]);

  useEffect(() => {
    setSessionLostHandler(() => {
      forget();
      navigateTo('/', { replace: true });
    });
  }, [forget]);

  // restore the session of a previous visit; a stale one is dropped where the visitor is (a public link stays open)
  useEffect(() => {
    if (!tokenStore.read()) return;
    let cancelled = false;
    api
      .get<{ user: User }>('/users/me', { redirectOn403: false, redirectOnSessionLost: false })
      .then(async ({ user: me }) => {
        // the user's language first: a page's first words (the guard's refusal, a toast) must not be in this
        // browser's last language (issue 27, point 4)
        await applyLocale(localeFor(me));
        if (cancelled) return;
        // this browser's last language is the signed-in user's: the sign-in page reads it after a log-out
        rememberLocale(localeFor(me));
        setUser(me);
        setStatus('authenticated');
      })
      .catch(() => {
        if (!cancelled) forget();
      });
    return () => {
      cancelled = true;
    };
  }, [forget]);

  // the interface language follows the user, then the company, then this browser
  useEffect(() => {
    if (status === 'loading') return;
    void applyLocale(localeFor(user));
  }, [user, status]);

  const start = useCallback(async (result: LoginResult) => {
    tokenStore.write({ token: result.token, refreshId: result.id });
    await applyLocale(localeFor(result.user));
    rememberLocale(localeFor(result.user));
    setUser(result.user);
    setStatus('authenticated');
    return result.user;
  }, []);

  const login = useCallback(
    async (email: string, password: string, captcha?: string) =>
      start(
        await api.post<LoginResult>('/users/login', captcha ? { email, password, captcha } : { email, password }, {
          auth: false,
        }),
      ),
    [start],
  );

  const loginSso = useCallback(
    async (body: SsoLoginBody) =>
      // a refusal (unknown user, domain not allowed: 403) is shown on the page, not turned into the not-found page
      start(await api.post<LoginResult>('/users/login-sso', body, { auth: false, redirectOn403: false })),
    [start],
  );

  const refreshUser = useCallback(async () => {
    const { user: me } = await api.get<{ user: User }>('/users/me');
    setUser(me);
  }, []);

  const logout = useCallback(async () => {
    try {
      await api.get('/users/logout', { redirectOn403: false });
    } catch (error) {
      notifyError(isApiError(error) && error.message ? error.message : t('errors:LOGOUT_FAILED'));
    }
    forget();
    navigateTo('/login', { replace: true });
  }, [forget, t]);

  const setLanguage = useCallback(
    async (lang: UserLang | null) => {
      if (!user) return;
      await api.patch(`/users/${user.id}`, { lang });
      const next = { ...user, lang };
      rememberLocale(localeFor(next));
      setUser(next);
      // the server writes some answers in the reader's language (notifications, news, list names): read them again
      await queryClient.invalidateQueries();
    },
    [user, queryClient],
  );

  const value = useMemo<Session>(
    () => ({ status, user, login, loginSso, refreshUser, logout, setLanguage }),
    [status, user, login, loginSso, refreshUser, logout, setLanguage],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

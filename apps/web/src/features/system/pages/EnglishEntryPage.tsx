import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { applyLocale } from '../../../app/i18n/i18n';
import { rememberLocale } from '../../../app/i18n/locale';
import { useSession } from '../../../app/session/useSession';

/** /en: English from now on (saved for the user when logged in), then the index. */
export function EnglishEntryPage() {
  const { user, setLanguage } = useSession();
  rememberLocale('en');
  useEffect(() => {
    void applyLocale('en');
    if (user && user.lang !== 'en') setLanguage('en').catch(() => undefined);
  }, [user, setLanguage]);
  return <Navigate to="/" replace />;
}

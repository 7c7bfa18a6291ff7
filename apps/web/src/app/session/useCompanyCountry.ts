import { useUser } from './useSession';

/** The company's country (ISO alpha-2); Chile when the user has no company. */
export function useCompanyCountry(): string {
  const user = useUser();
  return (user.company?.country ?? 'CL').toUpperCase();
}

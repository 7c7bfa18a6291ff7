import type { LoggedUser, LoginResponse, LoginSsoBody, PublicSettings } from '@regcheck/shared/schemas/auth';
import type { CompanyView } from '@regcheck/shared/schemas/companies';
import type { z } from 'zod';

export type User = z.infer<typeof LoggedUser>;
export type LoginResult = z.infer<typeof LoginResponse>;
export type SsoLoginBody = z.infer<typeof LoginSsoBody>;
export type Settings = z.infer<typeof PublicSettings>;
export type Company = z.infer<typeof CompanyView>;
export type UserLang = 'es' | 'br' | 'en';

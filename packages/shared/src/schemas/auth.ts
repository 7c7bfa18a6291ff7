import { z } from 'zod';
import { ROLES } from '../permissions';
import { CompanyLanguage } from './common';

export const RoleSchema = z.enum(ROLES);

export const LoggedCompany = z.object({
  id: z.string().uuid(),
  name: z.string(),
  country: z.string().describe('ISO 3166-1 alpha-2'),
  language: CompanyLanguage,
  massiveBulks: z.boolean(),
  allegationsChannelStatus: z.enum(['active', 'inactive']),
});

/** The logged user of section 3: id, name, email, role, roleLabel, lang, company. */
export const LoggedUser = z.object({
  id: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  role: RoleSchema,
  roleLabel: z.string(),
  lang: CompanyLanguage.nullable().describe('the user language; null follows the company language'),
  askPasswordChange: z.boolean(),
  company: LoggedCompany.nullable(),
  restrictedSection: z.boolean().describe('whether the company is allow-listed for the restricted section'),
});
export type LoggedUserT = z.infer<typeof LoggedUser>;

export const LoginBody = z.object({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(512),
  captcha: z
    .string()
    .max(600)
    .optional()
    .describe(
      'solved proof-of-work token, needed after repeated failures (428 CAPTCHA_REQUIRED): GET /api/captcha/challenge?email=',
    ),
});

export const LoginResponse = z.object({
  token: z.string().describe('access token (JWT), sent as Authorization: Bearer'),
  id: z.string().describe('refresh identifier for POST /api/users/renewtoken; rotated on every renewal'),
  expiresIn: z.number().int().describe('seconds until the access token expires'),
  user: LoggedUser,
});

export const LoginSsoBody = z.object({
  token: z.string().max(2000).optional().describe("the provider's authorization code (the spec's token)"),
  state: z.string().max(200).optional().describe('the state the provider sent back'),
  iss: z.string().max(500).optional().describe('the issuer the provider sent back (RFC 9207), when it sends one'),
  binding: z.string().max(200).optional().describe('the value POST /sso/start gave this browser'),
});

export const MeResponse = z.object({ user: LoggedUser });

export const RenewTokenBody = z.object({ id: z.string().min(10).max(200) });
export const RenewTokenResponse = z.object({ token: z.string(), id: z.string(), expiresIn: z.number().int() });

export const RecoverBody = z.object({
  email: z.string().trim().min(1).max(320),
  lang: z.string().max(10).optional(),
  captcha: z.string().max(600).optional().describe('proof-of-work token from GET /api/captcha/challenge'),
});

export const CheckRecoveryBody = z.object({
  token: z.string().min(10).max(200),
  email: z.string().max(320).optional(),
});

export const ChangePasswordWithTokenBody = z.object({
  token: z.string().min(10).max(200),
  email: z.string().max(320).optional(),
  password: z.string().max(512),
  confirmPassword: z.string().max(512),
});

export const ChangeOwnPasswordBody = z.object({
  oldPassword: z.string().max(512),
  password: z.string().max(512),
  confirmPassword: z.string().max(512),
});

export const CaptchaChallenge = z.object({
  challenge: z.string(),
  difficulty: z.number().int().describe('leading zero bits required of sha256(challenge + ":" + nonce)'),
  version: z.literal(3),
});
export const CaptchaVerifyResponse = z.object({ success: z.boolean(), message: z.string().optional() });

export const PublicSettings = z.object({
  version: z.string(),
  sso: z.object({ enabled: z.boolean(), providerName: z.string().nullable() }),
  helpUrls: z.object({ brazil: z.string(), default: z.string() }),
  newsUrl: z.string(),
  demo: z.boolean(),
  verifyZipMaxBytes: z
    .number()
    .int()
    .positive()
    .describe(
      "/public/verify: the largest inspector's zip the server checks (VERIFY_ZIP_MAX_MB), so the page refuses the same",
    ),
});

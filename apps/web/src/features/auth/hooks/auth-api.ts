import { api } from '../../../app/api/client';
import { solveProofOfWork } from './proof-of-work';

interface Challenge {
  challenge: string;
  difficulty: number;
  version: 3;
}

/**
 * Fetches a challenge and solves it in the background of the click. With an e-mail, the challenge is as hard as
 * that e-mail's next sign-in needs (it grows with repeated failures).
 */
export async function captchaToken(email?: string): Promise<string> {
  const query = email ? `?email=${encodeURIComponent(email)}` : '';
  const { challenge, difficulty } = await api.get<Challenge>(`/captcha/challenge${query}`, { auth: false });
  return solveProofOfWork(challenge, difficulty);
}

export function requestRecovery(email: string, lang: string, captcha: string) {
  return api.post<{ ok: true }>('/users/recover', { email, lang, captcha }, { auth: false });
}

export function checkRecovery(token: string, email: string | undefined) {
  return api.patch<{ valid: true }>('/users/check-recovery', { token, email }, { auth: false });
}

export function resetPassword(body: { token: string; email?: string; password: string; confirmPassword: string }) {
  return api.patch<{ ok: true }>('/users/change-password', body, { auth: false });
}

export function changeOwnPassword(
  userId: string,
  body: { oldPassword: string; password: string; confirmPassword: string },
) {
  return api.patch<{ ok: true }>(`/users/changepassword/${userId}`, body);
}

/** Whether an e-mail's domain signs in with single sign-on, and the provider's name for the button. */
export function ssoDiscover(email: string) {
  return api.get<{ enabled: boolean; providerName: string | null }>(
    `/sso/discover?email=${encodeURIComponent(email)}`,
    { auth: false, busy: false },
  );
}

/** Starts a single sign-on: the provider's URL, and what this browser keeps until it comes back. */
export function ssoStart(email: string) {
  return api.post<{ url: string; state: string; binding: string }>('/sso/start', { email }, { auth: false });
}

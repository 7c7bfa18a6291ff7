import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../app/api/api-error';
import { signInSolvingChallenge } from './sign-in';

const required = () => new ApiError(428, 'CAPTCHA_REQUIRED', 'solve the check');

describe('signInSolvingChallenge', () => {
  it('signs in at once when no challenge is asked', async () => {
    const solve = vi.fn(async () => 'token');
    const attempt = vi.fn(async (captcha?: string) => ({ ok: true, captcha }));
    await expect(signInSolvingChallenge(attempt, solve)).resolves.toEqual({ ok: true, captcha: undefined });
    expect(solve).not.toHaveBeenCalled();
  });

  it('solves the challenge when asked and tries again with it, reporting the work', async () => {
    const solving: boolean[] = [];
    const attempt = vi.fn(async (captcha?: string) => {
      if (!captcha) throw required();
      return captcha;
    });
    const result = await signInSolvingChallenge(
      attempt,
      async () => 'solved:42',
      (s) => solving.push(s),
    );
    expect(result).toBe('solved:42');
    expect(attempt).toHaveBeenCalledTimes(2);
    expect(solving).toEqual([true, false]);
  });

  it('passes other errors through and gives up after a few challenges', async () => {
    const wrong = new ApiError(401, 'INVALID_CREDENTIALS', 'Incorrect user or password');
    await expect(
      signInSolvingChallenge(
        async () => Promise.reject(wrong),
        async () => 't',
      ),
    ).rejects.toBe(wrong);
    const solve = vi.fn(async () => 't');
    await expect(
      signInSolvingChallenge(async () => Promise.reject(required()), solve, undefined, 2),
    ).rejects.toMatchObject({
      code: 'CAPTCHA_REQUIRED',
    });
    expect(solve).toHaveBeenCalledTimes(2);
  });
});

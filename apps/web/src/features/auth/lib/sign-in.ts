import { isApiError } from '../../../app/api/api-error';

/**
 * Sign-in that answers the server's request for a proof of work (docs/decisions.md 7): after repeated failures
 * for an e-mail the server answers CAPTCHA_REQUIRED; the page then solves a challenge as hard as that e-mail now
 * needs and tries again with it, so a user who mistyped is slowed down, never stuck. At most `maxChallenges`
 * challenges per click; any other error is the caller's to show.
 */
export async function signInSolvingChallenge<T>(
  attempt: (captcha?: string) => Promise<T>,
  solve: () => Promise<string>,
  onSolving: (solving: boolean) => void = () => {},
  maxChallenges = 3,
): Promise<T> {
  let captcha: string | undefined;
  for (let solved = 0; ; solved++) {
    try {
      return await attempt(captcha);
    } catch (error) {
      if (!isApiError(error) || error.code !== 'CAPTCHA_REQUIRED' || solved >= maxChallenges) throw error;
      onSolving(true);
      try {
        captcha = await solve();
      } finally {
        onSolving(false);
      }
    }
  }
}

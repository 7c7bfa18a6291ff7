import { useEffect } from 'react';
import { notifyError } from '../notify/notify';

/** Shows a failed query's server message once, as an error toast. */
export function useErrorToast(error: unknown): void {
  useEffect(() => {
    if (error instanceof Error && error.name !== 'AbortError') notifyError(error.message);
  }, [error]);
}

import { useEffect } from 'react';
import { busy } from './busy';

/** Suspense fallback of lazy routes: raises the busy counter while the page's chunk loads. */
export function BusyFallback() {
  useEffect(() => {
    busy.start();
    return () => busy.done();
  }, []);
  return null;
}

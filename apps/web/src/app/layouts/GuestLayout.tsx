import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { BusyFallback } from '../loading/BusyFallback';

/** The bare layout of sign-in, recovery and error pages. */
export function GuestLayout() {
  return (
    <main>
      <Suspense fallback={<BusyFallback />}>
        <Outlet />
      </Suspense>
    </main>
  );
}

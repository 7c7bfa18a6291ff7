/**
 * Long synchronous work written as a generator that yields where it may pause (decision 252): `runSteps` runs it at
 * once (a script, a test), `runInSlices` runs it in slices of about `sliceMs` and gives the event loop a turn between
 * them, so a server answers its requests while it parses a list file or encodes the screening index. The work must
 * not be changed by anyone between two slices (the caller holds its lock).
 */
export type Steps<T> = Generator<void, T, void>;

/** A turn of the event loop: pending I/O and timers run before the caller goes on. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

export async function runInSlices<T>(steps: Steps<T>, sliceMs = 20): Promise<T> {
  let since = performance.now();
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    if (performance.now() - since >= sliceMs) {
      await nextTurn();
      since = performance.now();
    }
  }
}

/**
 * The busy counter of the spec: up when work starts, down when it ends, never below 0. The loading bar shows
 * while it is above 0.
 */
type Listener = (count: number) => void;

export interface BusyCounter {
  start(): void;
  done(): void;
  count(): number;
  subscribe(listener: Listener): () => void;
}

export function createBusyCounter(): BusyCounter {
  let count = 0;
  const listeners = new Set<Listener>();
  const emit = () => {
    for (const l of listeners) l(count);
  };
  return {
    start() {
      count += 1;
      emit();
    },
    done() {
      if (count === 0) return;
      count -= 1;
      emit();
    },
    count: () => count,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The application's counter, shared by the API client and route transitions. */
export const busy = createBusyCounter();

/**
 * Marks `element` aria-busy while the counter is above 0: assistive technology is told the page is still loading
 * (the bar is shown only after its throttle, and stays 500 ms after the work), and a test waits for this attribute
 * instead of for a time. Answers the unsubscribe.
 */
export function reflectBusy(element: Pick<Element, 'setAttribute'>, counter: BusyCounter = busy) {
  const set = (count: number) => element.setAttribute('aria-busy', count > 0 ? 'true' : 'false');
  set(counter.count());
  return counter.subscribe(set);
}

/** Runs `work` with the counter raised. */
export async function withBusy<T>(work: () => Promise<T>): Promise<T> {
  busy.start();
  try {
    return await work();
  } finally {
    busy.done();
  }
}

import { AsyncLocalStorage } from 'node:async_hooks';

/** the ticket of the request whose work is running (set for its handler by plugins/admission.ts) */
export const currentTicket = new AsyncLocalStorage<Ticket>();

/**
 * Runs `wait` (a call to another server: a provider, an identity provider, a list's URL) without holding a place in
 * the line: a request that waits for someone else's answer gives its place to the next one and takes its turn
 * again after, so a slow outside service never stops this process's other requests.
 */
export async function asideFromLine<T>(wait: () => Promise<T>): Promise<T> {
  const ticket = currentTicket.getStore();
  if (!ticket?.holding) return wait();
  ticket.stepOut();
  try {
    return await wait();
  } finally {
    await ticket.stepIn();
  }
}

/**
 * At most `limit` requests worked on at once by this process; the others wait their turn in arrival order
 * (decision 258). An event loop that interleaves every request it holds gives each one a share of the process: a
 * read that needs three times the work of another then takes three times as long, and all of them slow down
 * together as more arrive. Served a few at a time, first come first served, each request waits for those before it
 * and then runs nearly alone, so the slowest answers are no longer the dearest reads multiplied by the crowd.
 */
export class Admission {
  private running = 0;
  private readonly waiting: Ticket[] = [];

  constructor(readonly limit: number) {}

  /** A ticket: `admitted` resolves when the holder may go on; `release()` (once or more) gives the place back. */
  enter(): Ticket {
    const ticket = new Ticket(this);
    this.rejoin(ticket);
    return ticket;
  }

  /** @internal a ticket joins the end of the line again (after a wait aside) */
  rejoin(ticket: Ticket): void {
    if (this.running < this.limit) {
      this.running++;
      ticket.admit();
    } else this.waiting.push(ticket);
  }

  /** @internal a ticket's release */
  release(ticket: Ticket, wasAdmitted: boolean): void {
    if (!wasAdmitted) {
      // left before its turn (the client went away): it only leaves the line
      const i = this.waiting.indexOf(ticket);
      if (i >= 0) this.waiting.splice(i, 1);
      return;
    }
    const next = this.waiting.shift();
    if (next) next.admit();
    else this.running--;
  }

  /** requests being worked on */
  get active(): number {
    return this.running;
  }

  /** requests waiting their turn */
  get queued(): number {
    return this.waiting.length;
  }
}

export class Ticket {
  private state: 'waiting' | 'admitted' | 'aside' | 'released' = 'waiting';
  private wake: () => void = () => {};
  admitted: Promise<void>;

  constructor(private readonly owner: Admission) {
    this.admitted = this.nextTurn();
  }

  private nextTurn() {
    return new Promise<void>((resolve) => {
      this.wake = resolve;
    });
  }

  /** whether it holds a place now */
  get holding(): boolean {
    return this.state === 'admitted';
  }

  /** @internal gives the place back for a wait aside */
  stepOut(): void {
    if (this.state !== 'admitted') return;
    this.state = 'aside';
    this.owner.release(this, true);
  }

  /** @internal takes a turn again after a wait aside (at the end of the line) */
  stepIn(): Promise<void> {
    if (this.state !== 'aside') return Promise.resolve();
    this.state = 'waiting';
    this.admitted = this.nextTurn();
    this.owner.rejoin(this);
    return this.admitted;
  }

  private started = false;

  /** @internal */
  admit(): void {
    if (this.state !== 'waiting') return;
    this.state = 'admitted';
    this.started = true;
    this.wake();
  }

  /**
   * The client went away: a request still waiting for its first turn leaves the line (its work never starts);
   * one whose work has started keeps its place until its answer is ready (`release()`), since its handler still runs.
   */
  abandon(): void {
    if (!this.started) this.release();
  }

  release(): void {
    if (this.state === 'released') return;
    const wasAdmitted = this.state === 'admitted';
    const wasAside = this.state === 'aside';
    this.state = 'released';
    if (wasAside) return; // its place was given back already
    // a ticket released while waiting never resolves `admitted`: nobody waits on it any more
    this.owner.release(this, wasAdmitted);
  }
}

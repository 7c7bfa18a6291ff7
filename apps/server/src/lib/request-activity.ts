/**
 * The requests this process is serving. On the embedded database a transaction holds PGlite whole, so background
 * work that writes in batches (a bulk load) waits for the open requests to be answered before it starts its next
 * transaction: a request then waits at most for the one transaction under way, never for the next one between two
 * of its own queries (decision 156). The wait is bounded, so a steady stream of requests slows a load, never stops it.
 */
export class RequestActivity {
  private open = 0;
  private waiters: Array<() => void> = [];
  private drainingSince: Date | null = null;

  /**
   * SIGTERM received: the process still answers what it is sent, but GET /ready says 503 so a load balancer stops
   * sending it new requests before it stops listening (issue 29, point 4).
   */
  startDraining(): void {
    this.drainingSince ??= new Date();
  }

  get draining(): boolean {
    return this.drainingSince !== null;
  }

  begin(): void {
    this.open++;
  }

  end(): void {
    if (this.open > 0) this.open--;
    if (this.open > 0) return;
    const waiting = this.waiters;
    this.waiters = [];
    for (const wake of waiting) wake();
  }

  /** How many requests are being served now. */
  get inFlight(): number {
    return this.open;
  }

  /** Resolves once no request is being served, or after `maxMs` whatever happens. */
  quiet(maxMs: number): Promise<void> {
    if (this.open === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, maxMs);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

import { describe, expect, it } from 'vitest';
import { RequestActivity } from './request-activity';

describe('RequestActivity', () => {
  it('is quiet at once with no request open', async () => {
    const a = new RequestActivity();
    let done = false;
    void a.quiet(60_000).then(() => {
      done = true;
    });
    await Promise.resolve();
    expect(done).toBe(true);
  });

  it('waits for the last open request to end, not the first', async () => {
    const a = new RequestActivity();
    a.begin();
    a.begin();
    let done = false;
    const waiting = a.quiet(60_000).then(() => {
      done = true;
    });
    a.end();
    await new Promise((r) => setImmediate(r));
    expect(done).toBe(false);
    expect(a.inFlight).toBe(1);
    a.end();
    await waiting;
    expect(done).toBe(true);
    expect(a.inFlight).toBe(0);
  });

  it('stops waiting after its bound while a request stays open', async () => {
    const a = new RequestActivity();
    a.begin();
    await a.quiet(5);
    expect(a.inFlight).toBe(1);
  });

  it('never counts below zero', () => {
    const a = new RequestActivity();
    a.end();
    a.begin();
    expect(a.inFlight).toBe(1);
  });
});

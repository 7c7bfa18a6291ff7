import { afterEach, describe, expect, it } from 'vitest';
import { rememberSso, ssoDomainOf, takeSso } from './sso-pending';

const store = new Map<string, string>();
globalThis.sessionStorage ??= {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
  clear: () => store.clear(),
  key: () => null,
  length: 0,
} as Storage;

afterEach(() => sessionStorage.clear());

describe('the single sign-on under way in this tab', () => {
  it('is read once', () => {
    rememberSso({ state: 's1', binding: 'b1' });
    expect(takeSso()).toEqual({ state: 's1', binding: 'b1' });
    expect(takeSso()).toBeNull();
  });

  it('asks the server only for a complete address', () => {
    expect(ssoDomainOf('ana@Banco.CL')).toBe('banco.cl');
    expect(ssoDomainOf(' ana@banco.cl ')).toBe('banco.cl');
    expect(ssoDomainOf('ana@banco')).toBeNull();
    expect(ssoDomainOf('ana@')).toBeNull();
    expect(ssoDomainOf('ana')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { isPepOn, pepExpirationFor } from './people';

describe('pepExpirationFor', () => {
  it('Chile: one year after leaving office; Brazil: five years', () => {
    expect(pepExpirationFor('CL', '2024-05-31')).toBe('2025-05-31');
    expect(pepExpirationFor('BR', '2024-05-31')).toBe('2029-05-31');
  });
  it('in office (no end) there is no expiration; 29 February lands on 28 February', () => {
    expect(pepExpirationFor('CL', null)).toBeNull();
    expect(pepExpirationFor('CL', '2024-02-29')).toBe('2025-02-28');
    expect(pepExpirationFor('BR', '2024-02-29')).toBe('2029-02-28');
  });
  it('is PEP up to and including the expiration day, never when deactivated', () => {
    expect(isPepOn({ isActive: true, pepExpiration: '2025-05-31' }, '2025-05-31')).toBe(true);
    expect(isPepOn({ isActive: true, pepExpiration: '2025-05-31' }, '2025-06-01')).toBe(false);
    expect(isPepOn({ isActive: false, pepExpiration: null }, '2025-06-01')).toBe(false);
  });
});

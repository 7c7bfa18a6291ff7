import { describe, expect, it } from 'vitest';
import { displayDni } from './dni';

describe('displayDni', () => {
  it('formats valid Chilean and Brazilian documents and leaves the rest', () => {
    expect(displayDni('12345678-5')).toBe('12.345.678-5');
    expect(displayDni('52998224725')).toBe('529.982.247-25');
    expect(displayDni('44038188000132')).toBe('44.038.188/0001-32');
    expect(displayDni('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
    expect(displayDni('12345678-6')).toBe('12345678-6');
    expect(displayDni('X1234567')).toBe('X1234567');
  });
});

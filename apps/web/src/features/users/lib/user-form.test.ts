import { describe, expect, it } from 'vitest';
import { emptyUserForm, rolesFor, toPayload, validate, validatePassword } from './user-form';

describe('user form', () => {
  it('offers the allegations roles only with an active channel, and the narrow lists of section 6', () => {
    expect(rolesFor('admin', false)).not.toContain('denouncesAdmin');
    expect(rolesFor('admin', true)).toEqual(expect.arrayContaining(['denouncesAdmin', 'denouncesCoordinator']));
    expect(rolesFor('userMonitoring', true)).toEqual(['userMonitoring']);
    expect(rolesFor('denouncesAdmin', true)).toEqual(['denouncesCoordinator']);
  });

  it('names the missing and invalid fields', () => {
    const v = { ...emptyUserForm(), email: 'nope', password: 'short' };
    expect(validate(v, 'create')).toEqual({
      name: 'users:validation.required',
      email: 'users:validation.email',
      role: 'users:validation.required',
      password: 'users:validation.password',
    });
    expect(validate({ ...v, name: 'Ana', role: 'admin' }, 'edit')).toEqual({});
    expect(validatePassword('Clave.Segura.2026', 'otra')).toEqual({ confirm: 'users:validation.confirm' });
    expect(validatePassword('Clave.Segura.2026', 'Clave.Segura.2026')).toEqual({});
  });

  it('sends the password only when one is typed, and never the e-mail on edit', () => {
    const v = { ...emptyUserForm(), name: ' Ana ', email: 'Ana@X.cl', role: 'frontdesk' };
    expect(toPayload(v, 'create')).toEqual({ name: 'Ana', email: 'ana@x.cl', role: 'frontdesk' });
    expect(toPayload({ ...v, password: 'Clave.Segura.2026', lang: 'en' }, 'create')).toMatchObject({
      password: 'Clave.Segura.2026',
      askPasswordChange: true,
      lang: 'en',
    });
    expect(toPayload(v, 'edit')).toEqual({ name: 'Ana', role: 'frontdesk', lang: null, active: true });
  });
});

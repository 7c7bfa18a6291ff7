import { describe, expect, it } from 'vitest';
import { MASK, maskSecrets } from './mail.mask';

describe('maskSecrets: the outbox view without live links', () => {
  it('keeps host and path words, masks token segments, query values and fragments', () => {
    const token = 'Zx9-_abcdefghijklmnopqrstuvwxyz0123456789ABCD';
    expect(maskSecrets(`Enlace: http://regcheck.test/recover/${token}/ana%40x.cl/restablecer.`)).toBe(
      `Enlace: http://regcheck.test/recover/${MASK}/ana%40x.cl/restablecer.`,
    );
    expect(
      maskSecrets(
        'https://app.example/public/consultation/0f8fad5b-d9cb-469f-a165-70867728950e/12345678-5/data?key=abc123&lang=es#x',
      ),
    ).toBe(`https://app.example/public/consultation/${MASK}/12345678-5/data?key=${MASK}&lang=${MASK}#${MASK}`);
  });

  it('masks a loose token and credentials in a link, leaves words, e-mails and short numbers', () => {
    expect(maskSecrets('code ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789ab end')).toBe(`code ${MASK} end`);
    expect(maskSecrets('smtp://u:p@x is not http; https://u:p@host.example/a')).toBe(
      `smtp://u:p@x is not http; https://${MASK}@host.example/a`,
    );
    const plain = 'Hola Ana, su operación 000123 del 14/03/2025; escriba a soporte@regcheck.app.';
    expect(maskSecrets(plain)).toBe(plain);
  });
});

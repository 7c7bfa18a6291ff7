import { describe, expect, it } from 'vitest';
import { forgetFiled, handOver, peekFiled } from './filed-once';

/** Issue 22, point 4: the id and the pin are shown once; they pass from page to page in memory only. */
describe('the id and pin of a report just filed', () => {
  it('reach the success page once and are gone after it took them', () => {
    expect(peekFiled()).toBeNull();
    handOver({ id_denuncia: 'ABCDEFGHJK', pin: '12345678', companyId: 'c1', companyName: 'Demo' });
    expect(peekFiled()).toMatchObject({ id_denuncia: 'ABCDEFGHJK', pin: '12345678' });
    forgetFiled();
    expect(peekFiled()).toBeNull();
  });

  it('the filing page hands them over in memory, never in history state, the URL or the browser storage', async () => {
    const { readFileSync } = await import('node:fs');
    const path = await import('node:path');
    const dir = path.resolve(__dirname, '..');
    for (const file of ['pages/NewAllegationPage.tsx', 'pages/AllegationSuccessPage.tsx', 'lib/filed-once.ts']) {
      const src = readFileSync(path.join(dir, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      expect(src, file).not.toMatch(/sessionStorage|localStorage|useLocation|state:\s*\{/);
    }
  });
});

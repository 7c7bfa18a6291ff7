import { describe, expect, it } from 'vitest';
import { recordGroups } from './RecordsMenu';

const pages = (document: string, personType: 'natural' | 'legal') =>
  recordGroups({ dniType: { country: '', document } as never, personType }).flatMap((g) => g.items.map((i) => i.to));

describe('the records menu of a ficha', () => {
  it('a Chilean RUT gets the Chilean sources, never the Brazilian ones', () => {
    const p = pages('RUT', 'natural');
    expect(p).toEqual(
      expect.arrayContaining(['causasCivilesChile', 'boletinConcursal', 'carpetaTributaria', 'businessReport']),
    );
    expect(p).not.toContain('judiciaryBrazil');
    expect(p).not.toContain('validadorCPF-CNPJ');
    expect(p).not.toContain('bacenCircular6');
    expect(p).not.toContain('partners');
  });

  it('a Brazilian CNPJ gets the Brazilian sources and the relations of a legal person', () => {
    const p = pages('CNPJ', 'legal');
    expect(p).toEqual(
      expect.arrayContaining([
        'judiciaryBrazil',
        'validadorCPF-CNPJ',
        'pepOutrasRestricoes',
        'bacenCircular6',
        'partners',
      ]),
    );
    expect(p).not.toContain('carpetaTributaria');
    expect(p).not.toContain('causasCivilesChile');
  });

  it('another document gets only the relations and the log', () => {
    expect(pages('PASSPORT', 'natural')).toEqual([
      'automaticRelations',
      'historial',
      'transaction',
      '/home/records/providerCalls',
    ]);
  });

  it('pages behind a permission carry it (the menu hides them from roles without it)', () => {
    const all = recordGroups({ dniType: { country: '', document: 'CPF' } as never, personType: 'natural' }).flatMap(
      (g) => g.items,
    );
    expect(all.find((i) => i.to === 'bacenCircular6')?.permission).toEqual(['bacen']);
    expect(all.find((i) => i.to === '/home/records/providerCalls')?.permission).toEqual(['providerCallLog']);
  });
});

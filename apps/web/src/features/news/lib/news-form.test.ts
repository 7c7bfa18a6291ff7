import { describe, expect, it } from 'vitest';
import { toFormValues, toPayload, validate } from './news-form';

describe('news item form', () => {
  it('a new item starts today for every country; an edit starts from the item', () => {
    expect(toFormValues(null, '2026-05-15')).toEqual({ title: '', body: '', date: '2026-05-15', countries: [] });
    expect(
      toFormValues(
        {
          id: 'n1',
          title: 'T',
          body: 'B',
          newsDate: '2026-01-02',
          countries: ['CL'],
          active: true,
          createdAt: '2026-01-02T10:00:00Z',
          updatedAt: null,
        },
        '2026-05-15',
      ),
    ).toEqual({ title: 'T', body: 'B', date: '2026-01-02', countries: ['CL'] });
  });

  it('needs a title and a date, limits the lengths, trims and removes repeated countries', () => {
    expect(validate({ title: ' ', body: '', date: '', countries: [] })).toEqual({
      title: 'reports:newsAdmin.errors.titleRequired',
      date: 'reports:newsAdmin.errors.dateRequired',
    });
    expect(validate({ title: 'x'.repeat(201), body: 'y'.repeat(5001), date: '2026-01-01', countries: [] })).toEqual({
      title: 'reports:newsAdmin.errors.titleTooLong',
      body: 'reports:newsAdmin.errors.bodyTooLong',
    });
    expect(
      toPayload({ title: ' Circular ', body: ' Texto ', date: '2026-01-01', countries: ['CL', 'CL', 'BR'] }),
    ).toEqual({ title: 'Circular', body: 'Texto', date: '2026-01-01', countries: ['CL', 'BR'] });
  });
});

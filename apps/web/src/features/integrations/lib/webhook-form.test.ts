import { describe, expect, it } from 'vitest';
import { validateClientName, validateWebhook } from './webhook-form';

describe('external API forms', () => {
  it('names the missing URL, a URL that is not one, and an empty event list', () => {
    expect(validateWebhook({ url: '', events: [] })).toEqual({
      url: 'admin:externalApi.validation.required',
      events: 'admin:externalApi.validation.events',
    });
    expect(validateWebhook({ url: 'ftp://x.example', events: ['list.match'] }).url).toBe(
      'admin:externalApi.validation.url',
    );
    expect(validateWebhook({ url: 'https://hooks.example.com/rc', events: ['list.match'] })).toEqual({});
  });

  it('wants a name of at most 100 characters', () => {
    expect(validateClientName('  ')).toBe('admin:externalApi.validation.required');
    expect(validateClientName('x'.repeat(101))).toBe('admin:externalApi.validation.nameTooLong');
    expect(validateClientName('ERP')).toBeNull();
  });
});

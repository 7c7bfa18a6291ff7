import { describe, expect, it } from 'vitest';
import { type ParticipantDraft, validate } from './operation-form';
import { shownIssues } from './touched';

const draft = (over: Partial<ParticipantDraft> = {}) =>
  ({
    key: 'k1',
    dni: '11111111-1',
    type: 'natural',
    isNew: true,
    name: '',
    email: '',
    newName: '',
    newFatherName: '',
    newEmail: '',
    monto: '',
    efective: '',
    ...over,
  }) as ParticipantDraft;

describe('amount fields are not red before typing', () => {
  it('a fresh participant shows no error although its amount and name are missing', () => {
    const issues = validate([draft()]).k1 ?? [];
    expect(issues).toEqual(expect.arrayContaining(['amountRequired', 'nameRequired']));
    expect(shownIssues(issues, {})).toEqual([]);
  });
  it('once touched the missing amount shows; cash above the amount shows at once', () => {
    const issues = validate([draft()]).k1 ?? [];
    expect(shownIssues(issues, { monto: true })).toEqual(['amountRequired']);
    const over = validate([draft({ monto: '100', efective: '200', newName: 'Ana' })]).k1 ?? [];
    expect(shownIssues(over, {})).toEqual(['cashExceeds']);
  });
});

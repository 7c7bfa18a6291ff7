import { describe, expect, it } from 'vitest';
import { notificationHitRef } from './notification-hit';

const fichaId = '6f1c1c3e-8a43-4a3f-9d7e-1f1d2b3c4d5e';

describe('the hit a notification opens', () => {
  it('a list-match notification names its ficha, list and entry', () => {
    expect(
      notificationHitRef({ kind: 'monitoring.match', fichaId, data: { listId: 'ofac', entityId: '36', score: 0.97 } }),
    ).toEqual({ fichaId, listId: 'ofac', entityId: '36' });
    expect(
      notificationHitRef({ kind: 'monitoring.match', fichaId, data: '{"listId":"onu","entityId":"QDi.1"}' }),
    ).toEqual({ fichaId, listId: 'onu', entityId: 'QDi.1' });
  });

  it('no hit for other notifications, one without a ficha, or data without the entry', () => {
    expect(notificationHitRef({ kind: 'forms.signed', fichaId, data: { listId: 'ofac', entityId: '1' } })).toBeNull();
    expect(
      notificationHitRef({ kind: 'monitoring.match', fichaId: null, data: { listId: 'ofac', entityId: '1' } }),
    ).toBeNull();
    expect(notificationHitRef({ kind: 'monitoring.match', fichaId, data: { listId: 'ofac' } })).toBeNull();
    expect(notificationHitRef({ kind: 'monitoring.match', fichaId, data: 'not json' })).toBeNull();
    expect(notificationHitRef({ kind: 'monitoring.match', fichaId })).toBeNull();
  });
});

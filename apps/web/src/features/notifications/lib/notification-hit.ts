/** The hit a screening notification points at: the ficha, the list and the entry. */
export interface NotificationHitRef {
  fichaId: string;
  listId: string;
  entityId: string;
}

/**
 * The hit of a list-match notification (kind monitoring.match: the list monitoring and the demo raise it with
 * `data` {listId, entityId, score}); null for any other notification or one whose data lacks the hit.
 */
export function notificationHitRef(n: {
  kind: string;
  fichaId: string | null;
  data?: unknown;
}): NotificationHitRef | null {
  if (n.kind !== 'monitoring.match' || !n.fichaId) return null;
  let data = n.data;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data);
    } catch {
      return null;
    }
  }
  if (!data || typeof data !== 'object') return null;
  const { listId, entityId } = data as { listId?: unknown; entityId?: unknown };
  if (typeof listId !== 'string' || !listId || typeof entityId !== 'string' || !entityId) return null;
  return { fichaId: n.fichaId, listId, entityId };
}

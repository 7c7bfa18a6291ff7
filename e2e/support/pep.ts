import { type APIRequestContext, expect } from '@playwright/test';

interface Listas {
  lists: { listId: string; hits: { entityId: string }[] }[];
}

/**
 * Creates a customer (the ficha's body) and screens it again until the PEP register person `personId` is among its
 * hits: a person added to the register reaches the screening index a moment later (the lists module reloads it), so
 * the first screening may not see it yet. Returns the ficha's id.
 */
export async function customerMatchingRegisterPerson(
  request: APIRequestContext,
  headers: Record<string, string>,
  ficha: Record<string, unknown>,
  personId: string,
): Promise<string> {
  let created: { id: string; listas: Listas } | null = null;
  await expect
    .poll(
      async () => {
        if (!created) {
          const res = await request.post('/api/fichas-clientes', { headers, data: ficha });
          expect(res.ok(), await res.text()).toBeTruthy();
          created = (await res.json()) as { id: string; listas: Listas };
        } else {
          const res = await request.post(`/api/fichas-clientes/${created.id}/screen`, { headers });
          created = { ...created, listas: ((await res.json()) as { listas: Listas }).listas };
        }
        const register = created.listas?.lists.find((l) => l.listId === 'pep-register');
        return register?.hits.some((h) => h.entityId === personId) ?? false;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return (created as unknown as { id: string }).id;
}

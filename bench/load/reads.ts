import type autocannon from 'autocannon';
import { api } from '../../apps/server/test/child-server';

/**
 * The reads every load scenario sends (bench:load): the fichas list, an operation's detail and the individual
 * search, through `url` as the user of `token`.
 */
export async function readsOf(url: string, token: string): Promise<autocannon.Request[]> {
  const ops = await api<{ id: string }[]>(
    url,
    token,
    'GET',
    `/api/consultations?filter=${encodeURIComponent('{"limit":1}')}`,
  );
  const opId = ops.body[0]?.id;
  if (!opId) throw new Error(`no operation in the demo data: ${JSON.stringify(ops.body).slice(0, 200)}`);
  return [
    { method: 'GET', path: '/api/fichas-clientes' },
    { method: 'GET', path: `/api/consultations/view/${opId}` },
    {
      method: 'POST',
      path: '/api/search/individual',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Juan Carlos Gonzalez', personType: 'natural', country: 'CL' }),
    },
  ];
}

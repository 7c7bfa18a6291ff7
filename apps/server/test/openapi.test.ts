import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

// The OpenAPI document is a contract with API clients: a refactor must leave it byte-identical, and a feature
// that changes it updates this snapshot on purpose (`npx vitest run apps/server/test/openapi.test.ts -u`).
describe('OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('is the committed one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    await expect(`${JSON.stringify(res.json(), null, 2)}\n`).toMatchFileSnapshot('./openapi.snapshot.json');
  });
});

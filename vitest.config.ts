import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/server/test/**/*.test.ts',
      'apps/web/src/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', 'e2e/**'],
    globalSetup: ['apps/server/test/global-setup.ts'],
    setupFiles: ['apps/server/test/setup-xlsx.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // generous ceilings: a test waits for its event, and a machine at load 8 runs a test several times slower (a
    // test that passes at 20 s on a quiet machine must not fail at 70 s on a busy one)
    testTimeout: 240_000,
    hookTimeout: 300_000,
    reporters: ['default'],
  },
});

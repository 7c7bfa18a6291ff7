/** The environment every test app starts with (demo accounts on, fast captcha, quiet logs). */
export const TEST_ENV: Record<string, string> = {
  NODE_ENV: 'test',
  REGCHECK_ADMIN_EMAIL: 'root@regcheck.test',
  REGCHECK_ADMIN_PASSWORD: 'Root.Pass.2026',
  REGCHECK_DEMO: '1',
  REGCHECK_DEMO_PASSWORD: 'Demo.2026!',
  CAPTCHA_DIFFICULTY: '6',
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
  PUBLIC_URL: 'http://regcheck.test',
  // tests import the lists they need (lists.snapshot.test imports the shipped ones) and schedule nothing
  REGCHECK_SHIP_LISTS: '0',
  REGCHECK_SCHEDULES: '0',
  // the tests' receivers, providers and OpenID Connect provider listen on 127.0.0.1 (the operator's allow-list of
  // private destinations; the tests of the refusals start their app without it)
  OUTBOUND_ALLOW_PRIVATE: '127.0.0.1',
};

export const ADMIN = { email: 'root@regcheck.test', password: 'Root.Pass.2026' };
export const DEMO_PASSWORD = 'Demo.2026!';

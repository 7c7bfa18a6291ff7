import path from 'node:path';
import { VERIFY_ZIP_MAX_MB } from '@regcheck/shared/schemas/forms';
import { z } from 'zod';
import { outboundPolicy } from './lib/outbound-addresses';

const bool = z
  .string()
  .optional()
  .transform((v) => (v === undefined ? undefined : ['1', 'true', 'yes', 'on'].includes(v.toLowerCase())));

export const EnvSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  PUBLIC_URL: z.string().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL: z.coerce.number().int().positive().default(900),
  /** seconds after a rotation during which the rotated refresh identifier is refused without ending the session */
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(20),
  REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 60 * 24 * 14),
  REGCHECK_ADMIN_EMAIL: z.string().email().optional(),
  REGCHECK_ADMIN_PASSWORD: z.string().optional(),
  REGCHECK_DEMO: bool,
  REGCHECK_DEMO_PASSWORD: z.string().default('Demo.2026!'),
  REGCHECK_RESTRICTED_COMPANIES: z.string().default(''),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('RegCheck <no-reply@regcheck.local>'),
  LOG_LEVEL: z.string().default('info'),
  JOBS_IN_PROCESS: bool,
  JOB_HEARTBEAT_SECONDS: z.coerce.number().positive().default(10),
  VERIFY_ZIP_MAX_MB: z.coerce.number().int().positive().max(4000).default(VERIFY_ZIP_MAX_MB),
  JOB_STALE_SECONDS: z.coerce.number().positive().default(40),
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().max(600_000).default(30_000),
  CAPTCHA_DIFFICULTY: z.coerce.number().int().min(1).max(28).default(16),
  LOGIN_CHALLENGE_AFTER: z.coerce.number().int().positive().default(3),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().positive().default(15),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(20),
  TRUST_PROXY: z.string().optional(),
  WEB_DIST: z.string().optional(),
  SSO_PROVIDER_NAME: z.string().optional(),
  SSO_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  HELP_URL_BR: z.string().default('https://ajuda.regcheck.app'),
  HELP_URL_DEFAULT: z.string().default('https://ayuda.regcheck.app'),
  NEWS_URL: z.string().default('https://news.regcheck.app'),
  REQUEST_CONCURRENCY: z.coerce.number().int().min(0).max(10_000).default(8),
  LIST_POLL_MS: z.coerce.number().int().positive().default(5000),
  REGCHECK_SHIP_LISTS: bool,
  REGCHECK_SCHEDULES: bool,
  PROVIDER_SECRET_KEY: z.string().min(32).optional(),
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().positive().default(8_000),
  PROVIDER_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  PROVIDER_RETRY_BASE_MS: z.coerce.number().int().min(0).default(300),
  PROVIDER_DEADLINE_MS: z.coerce.number().int().positive().default(20_000),
  /**
   * private destinations the server may call at URLs someone typed (webhooks, SSO, list downloads, providers):
   * `*`, or addresses, CIDR blocks and host names, comma-separated; none by default (docs/operating.md)
   */
  OUTBOUND_ALLOW_PRIVATE: z.string().default(''),
  /** where the product's files live: `local` (DATA_DIR/files, the default) or `s3` (an S3-compatible bucket) */
  FILE_STORE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().optional(),
  /** the store's address for an S3-compatible server other than AWS (MinIO, Ceph, a cloud's own); AWS when unset */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** bucket in the path (https://host/bucket/key), as most S3-compatible servers want; on by default with S3_ENDPOINT */
  S3_FORCE_PATH_STYLE: bool,
  /** a folder inside the bucket for this installation's files (none by default) */
  S3_PREFIX: z.string().default(''),
  SUPPORT_EMAIL: z.string().email().default('soporte@regcheck.app'),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
});

export type Config = ReturnType<typeof loadConfig>;

/** Reads and validates the environment once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    jwtSecret: e.JWT_SECRET,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    refreshReuseGraceSeconds: e.REFRESH_REUSE_GRACE_SECONDS,
    adminEmail: e.REGCHECK_ADMIN_EMAIL,
    adminPassword: e.REGCHECK_ADMIN_PASSWORD,
    /** demo data is on by default on the embedded database */
    demo: e.REGCHECK_DEMO ?? !e.DATABASE_URL,
    demoPassword: e.REGCHECK_DEMO_PASSWORD,
    restrictedCompanies: e.REGCHECK_RESTRICTED_COMPANIES.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    jobsInProcess: e.JOBS_IN_PROCESS ?? true,
    /**
     * /public/verify: the largest inspector's zip it checks (a customer's file carries the documents themselves;
     * decision 256), written to DATA_DIR/tmp as it arrives; a PDF stays at the 25 MB of every upload
     */
    verifyZipMaxBytes: e.VERIFY_ZIP_MAX_MB * 1024 * 1024,
    /** temporary files of uploads in progress (removed when the request ends) */
    tmpDir: path.join(dataDir, 'tmp'),
    /** how often a worker refreshes the heartbeat of the job it runs (seconds) */
    jobHeartbeatSeconds: e.JOB_HEARTBEAT_SECONDS,
    /** a running job whose heartbeat is older than this is taken as abandoned (its process died) and claimed again */
    jobStaleSeconds: e.JOB_STALE_SECONDS,
    /**
     * SIGTERM: how long the process keeps serving while GET /ready answers 503, so a load balancer stops sending it
     * new requests before it stops listening (0 for a single node: nothing routes around it)
     */
    drainDelayMs: e.DRAIN_DELAY_MS,
    /** SIGTERM: the most the drain (requests in flight, the job step under way) may take before the process exits */
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    captchaDifficulty: e.CAPTCHA_DIFFICULTY,
    /** failures of an e-mail (from any address) after which sign-in asks for a solved challenge (decision 7) */
    loginChallengeAfter: e.LOGIN_CHALLENGE_AFTER,
    /** failures of an e-mail from one address after which that address is locked out of it (decision 7) */
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginLockMinutes: e.LOGIN_LOCK_MINUTES,
    rateLimitMax: e.RATE_LIMIT_MAX,
    /**
     * the most requests this process works on at once, the others waiting in line in arrival order (decision 258);
     * 0 for no line
     */
    requestConcurrency: e.REQUEST_CONCURRENCY,
    /** addresses of reverse proxies whose X-Forwarded-For is believed (Fastify trustProxy); none by default */
    trustProxy: e.TRUST_PROXY
      ? e.TRUST_PROXY.split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : false,
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    ssoProviderName: e.SSO_PROVIDER_NAME ?? null,
    /** per-company OpenID Connect: how long one call to a provider may take */
    sso: { timeoutMs: e.SSO_TIMEOUT_MS },
    helpUrls: { brazil: e.HELP_URL_BR, default: e.HELP_URL_DEFAULT },
    newsUrl: e.NEWS_URL,
    /** how often each process looks for list changes made by another process (ms) */
    listPollMs: e.LIST_POLL_MS,
    /** import the shipped OFAC and UN snapshots at start when the database has none of their versions */
    shipLists: e.REGCHECK_SHIP_LISTS ?? true,
    /** this process schedules the periodic work: the daily list fetch and the hourly monthly-monitoring check */
    schedules: e.REGCHECK_SCHEDULES ?? true,
    /**
     * external record providers: the key that encrypts each company's credentials at rest (the JWT secret's
     * derivation when unset), the time one attempt may take, the retries with exponential backoff, and the
     * deadline of the whole call (attempts and waits): the longest a user waits for a provider (decision 80)
     */
    providers: {
      secretKey: e.PROVIDER_SECRET_KEY ?? null,
      timeoutMs: e.PROVIDER_TIMEOUT_MS,
      retries: e.PROVIDER_RETRIES,
      retryBaseMs: e.PROVIDER_RETRY_BASE_MS,
      deadlineMs: e.PROVIDER_DEADLINE_MS,
    },
    /** where the support contact form of /home/support is sent */
    supportEmail: e.SUPPORT_EMAIL,
    /** webhooks: how long one delivery attempt may take */
    webhooks: { timeoutMs: e.WEBHOOK_TIMEOUT_MS },
    /**
     * the private destinations the operator allows to calls at typed URLs (lib/outbound-http.ts); a malformed
     * block stops the start
     */
    outbound: outboundPolicy(e.OUTBOUND_ALLOW_PRIVATE.split(',')),
    /**
     * the file store (decision 195): the local folder, or an S3-compatible bucket whose address and credentials come
     * from the environment only (an operator's setting, never the API, so no user can point it elsewhere)
     */
    files: fileStoreConfig(e),
    version: process.env.npm_package_version ?? '0.1.0',
  };
}

export type FileStoreConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      endpoint: string | undefined;
      region: string;
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
      prefix: string;
    };

function fileStoreConfig(e: z.infer<typeof EnvSchema>): FileStoreConfig {
  if (e.FILE_STORE === 'local') return { kind: 'local' };
  if (!e.S3_BUCKET) throw new Error('Invalid environment:\n  S3_BUCKET: required when FILE_STORE is s3');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
    throw new Error('Invalid environment:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: give both or neither');
  const prefix = e.S3_PREFIX.replace(/^\/+|\/+$/g, '');
  if (prefix.split('/').some((p) => p === '..' || p === '.'))
    throw new Error('Invalid environment:\n  S3_PREFIX: a folder name without . or ..');
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    // none: the SDK's own chain (instance role, AWS_* variables, profile)
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
    prefix: prefix ? `${prefix}/` : '',
  };
}

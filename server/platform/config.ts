import { z } from 'zod';
import { parseDsn } from './observability/errorReports';

/** `VAR=` in an env file means unset, not a value. */
const unsetWhenEmpty = (value: unknown) => (value === '' ? undefined : value);

/** Every setting the server reads, from the environment, parsed once at start-up. */
const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Event Portal <no-reply@localhost>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `on`: web and queue; `off`: web only; `only`: the queue only, no web port (decision 0052). */
  WORKER: z.enum(['on', 'off', 'only']).default('on'),
  /** Secure cookies need HTTPS; on by default in production. */
  COOKIE_SECURE: z.enum(['true', 'false']).optional(),
  /** Requests per minute per address across the API; auth routes have tighter limits of their own. */
  /** Behind a load balancer: take the client address from X-Forwarded-For (never trust it otherwise). */
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(1200),
  /** On-premises installs: let webhooks reach private and loopback addresses (never metadata). */
  WEBHOOK_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false'),
  /** OpenID Connect identity providers for "Continue with ...", as a JSON array (see the README). */
  OIDC_PROVIDERS: z.string().optional(),
  /** Serve /metrics (Prometheus) on this port of its own, off the public one; unset: no metrics port. */
  METRICS_PORT: z.preprocess(unsetWhenEmpty, z.coerce.number().int().min(0).max(65535).optional()),
  /** Serve /metrics on the public port too, to a scraper sending `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.preprocess(unsetWhenEmpty, z.string().min(16, 'at least 16 characters').optional()),
  /** Where uploaded files live: DATA_DIR/files, or an S3-compatible bucket (decision 0032). */
  STORAGE: z.enum(['disk', 's3']).default('disk'),
  S3_BUCKET: z.string().optional(),
  /** Any S3-compatible endpoint (MinIO, R2, ...); AWS itself when left out. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** Most self-hosted S3-compatible stores want bucket/key URLs instead of bucket subdomains. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  /** Report internal errors to a Sentry-compatible service (Sentry, GlitchTip); unset: off. */
  SENTRY_DSN: z.preprocess(unsetWhenEmpty, z.string().optional()),
  /** The browser's own project (decision 0043); unset: the browser reports to SENTRY_DSN too. */
  SENTRY_BROWSER_DSN: z.preprocess(unsetWhenEmpty, z.string().optional()),
});

/** One identity provider of this installation; each event switches it on or off for itself. */
const signInProviderSchema = z.strictObject({
  /** Stable key in URLs and event settings: lower-case letters, digits and dashes. */
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'id: lower-case letters, digits and dashes'),
  /** Shown as "Continue with <name>". */
  name: z.string().trim().min(1).max(60),
  issuer: z.string().url(),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
});
export type SignInProviderConfig = z.infer<typeof signInProviderSchema>;

const signInProvidersSchema = z
  .array(signInProviderSchema)
  .max(20)
  .refine((list) => new Set(list.map((p) => p.id)).size === list.length, 'provider ids must be unique');

function parseSignInProviders(raw: string | undefined): SignInProviderConfig[] {
  if (!raw?.trim()) return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new Error('Invalid configuration:\n  OIDC_PROVIDERS: not valid JSON');
  }
  const parsed = signInProvidersSchema.safeParse(json);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  OIDC_PROVIDERS.${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  publicUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  logLevel: z.infer<typeof configSchema>['LOG_LEVEL'];
  /** This process works the job queue (WORKER on or only). */
  worker: boolean;
  /** This process serves the web port (WORKER on or off); a worker-only process serves none. */
  web: boolean;
  cookieSecure: boolean;
  rateLimitPerMinute: number;
  trustProxy: boolean;
  webhookAllowPrivate: boolean;
  signInProviders: SignInProviderConfig[];
  /** Where /metrics is served; both off by default, so the public port never shows it unasked. */
  metrics: { port?: number; token?: string };
  /** Credentials come from the AWS SDK's usual chain (AWS_ACCESS_KEY_ID, AWS_PROFILE, roles...). */
  storage: StorageConfig;
  /** A Sentry-compatible DSN, checked at start-up; undefined: no error reports leave. */
  sentryDsn?: string;
  /** Given to the browser in index.html (a DSN is a public key by design); unset: no browser reports. */
  browserSentryDsn?: string;
};

export type S3Config = { bucket: string; endpoint?: string; region: string; forcePathStyle: boolean };
export type StorageConfig = { kind: 'disk' } | ({ kind: 's3' } & S3Config);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const c = parsed.data;
  if (c.WORKER === 'only' && !c.DATABASE_URL) {
    // The embedded database belongs to one process: a worker-only one would leave nobody serving.
    throw new Error(
      'Invalid configuration:\n  WORKER: only needs DATABASE_URL (PostgreSQL shared by the processes)',
    );
  }
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    dataDir: c.DATA_DIR,
    databaseUrl: c.DATABASE_URL || undefined,
    publicUrl: c.PUBLIC_URL?.replace(/\/+$/, ''),
    smtpUrl: c.SMTP_URL || undefined,
    mailFrom: c.MAIL_FROM,
    logLevel: c.LOG_LEVEL,
    worker: c.WORKER !== 'off',
    web: c.WORKER !== 'only',
    cookieSecure: c.COOKIE_SECURE ? c.COOKIE_SECURE === 'true' : c.NODE_ENV === 'production',
    rateLimitPerMinute: c.RATE_LIMIT_PER_MINUTE,
    trustProxy: c.TRUST_PROXY === 'true',
    webhookAllowPrivate: c.WEBHOOK_ALLOW_PRIVATE === 'true',
    signInProviders: parseSignInProviders(c.OIDC_PROVIDERS),
    metrics: { port: c.METRICS_PORT, token: c.METRICS_TOKEN || undefined },
    storage: storageConfigOf(c),
    sentryDsn: checkedDsn(c.SENTRY_DSN),
    browserSentryDsn: c.SENTRY_BROWSER_DSN
      ? checkedDsn(c.SENTRY_BROWSER_DSN, 'SENTRY_BROWSER_DSN')
      : checkedDsn(c.SENTRY_DSN),
  };
}

function checkedDsn(raw: string | undefined, name = 'SENTRY_DSN'): string | undefined {
  if (!raw) return undefined;
  try {
    parseDsn(raw);
  } catch (error) {
    throw new Error(`Invalid configuration:\n  ${(error as Error).message.replace('SENTRY_DSN', name)}`);
  }
  return raw;
}

function storageConfigOf(c: z.infer<typeof configSchema>): StorageConfig {
  if (c.STORAGE === 'disk') return { kind: 'disk' };
  if (!c.S3_BUCKET) throw new Error('Invalid configuration:\n  S3_BUCKET: required when STORAGE=s3');
  return {
    kind: 's3',
    bucket: c.S3_BUCKET,
    endpoint: c.S3_ENDPOINT,
    region: c.S3_REGION,
    forcePathStyle: c.S3_FORCE_PATH_STYLE === 'true',
  };
}

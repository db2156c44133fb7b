import path from 'node:path';
import { z } from 'zod';
import { isProxyEntry } from './http/client-ip';

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** Every variable the server reads, each with its rule (checks across variables are below). */
const variables = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  // Loopback outside production: development mode is not meant to be reachable from a network.
  HOST: optionalText,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  PAYSTACK_SECRET_KEY: optionalText,
  PAYSTACK_PUBLIC_KEY: optionalText,
  PAYSTACK_BASE_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  // The built-in payment simulator is off in production unless this says 'allow'.
  PAYMENT_SIMULATOR: optionalText.pipe(z.enum(['allow', 'deny']).optional()),
  // Seed the demo catalogue (and, outside production, a demo admin) into an empty database.
  DEMO_DATA: optionalText.pipe(z.enum(['true', 'false']).optional()),
  BENCH_BASELINE: optionalText.pipe(z.enum(['true', 'false']).optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // JSON lines (production's default) or short lines for a person (the default elsewhere).
  LOG_FORMAT: optionalText.pipe(z.enum(['json', 'pretty']).optional()),
  // Where the React Router build lives (client assets and the server bundle).
  BUILD_DIR: z.string().default('build'),
  // Image URLs written under this address (a CDN whose origin is the shop) instead of the shop's.
  IMAGE_BASE_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  // Product images and the logo in an S3-compatible bucket instead of DATA_DIR/uploads.
  S3_BUCKET: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/)
      .optional(),
  ),
  S3_REGION: optionalText,
  S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: optionalText.pipe(z.enum(['true', 'false']).optional()),
  // Server processes started by `npm run serve` (node's cluster module), PostgreSQL only.
  WEB_CONCURRENCY: optionalText.pipe(z.coerce.number<string>().int().min(1).max(64).optional()),
  // Pages answered from memory per turn of the event loop (see platform/http/turns.ts).
  PAGES_PER_TURN: optionalText.pipe(z.coerce.number<string>().int().min(1).max(100_000).optional()),
  // A background job still running after this long counts as lost (its process died) and is retried.
  JOB_TIMEOUT_SECONDS: optionalText.pipe(z.coerce.number<string>().int().min(1).max(3600).optional()),
  // Seconds between a failed or lost job's attempts, the same for every job, instead of each job's
  // own back-off.
  JOB_RETRY_DELAY_SECONDS: optionalText.pipe(z.coerce.number<string>().int().min(0).max(3600).optional()),
  // How often unpaid orders are looked for and expired, once per interval across all processes.
  EXPIRY_SWEEP_SECONDS: optionalText.pipe(z.coerce.number<string>().int().min(1).max(3600).optional()),
  // Proxies whose X-Forwarded-For is believed: IP addresses or CIDR ranges, comma-separated.
  TRUSTED_PROXIES: optionalText.pipe(
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .refine(
        (entries) => entries.every(isProxyEntry),
        'a comma-separated list of IP addresses or CIDR ranges',
      )
      .optional(),
  ),
});

/**
 * The names of every variable the server reads. `.env.example` and the README's configuration
 * table list exactly these (env.test.ts checks), so neither can fall behind.
 */
export const ENV_VARIABLES: readonly string[] = Object.keys(variables.shape);

const schema = variables
  .refine((env) => Boolean(env.PAYSTACK_SECRET_KEY) === Boolean(env.PAYSTACK_PUBLIC_KEY), {
    message: 'set both PAYSTACK_SECRET_KEY and PAYSTACK_PUBLIC_KEY, or neither',
    path: ['PAYSTACK_SECRET_KEY'],
  })
  .refine((env) => Boolean(env.S3_ACCESS_KEY_ID) === Boolean(env.S3_SECRET_ACCESS_KEY), {
    message: 'set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the AWS default credentials)',
    path: ['S3_ACCESS_KEY_ID'],
  })
  .refine((env) => env.S3_BUCKET || !(env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID || env.S3_REGION), {
    message: 'S3 settings need S3_BUCKET',
    path: ['S3_BUCKET'],
  })
  // The embedded database lives inside one process: a second process cannot open it.
  .refine((env) => (env.WEB_CONCURRENCY ?? 1) === 1 || Boolean(env.DATABASE_URL), {
    message:
      'more than one server process needs a PostgreSQL server (DATABASE_URL); the embedded database (PGlite) runs inside one process',
    path: ['WEB_CONCURRENCY'],
  });

export type Env = Readonly<{
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  paystack: {
    secretKey: string | undefined;
    publicKey: string | undefined;
    /** Undefined means: use the built-in simulator mounted on this server. */
    baseUrl: string | undefined;
    simulatorAllowed: boolean;
  };
  demoData: boolean;
  /** `npm run bench` only: GET /api/health/constant/:bytes answers a constant JSON body of that size. */
  benchBaseline: boolean;
  logLevel: string;
  logFormat: 'json' | 'pretty';
  buildDir: string;
  /**
   * Where pages point product images (IMAGE_BASE_URL, no trailing slash): a CDN in front of the
   * shop's `/images/…` paths. Null: the shop's own address.
   */
  imageBaseUrl: string | null;
  /** Product images and the logo in an S3-compatible bucket; null keeps them under DATA_DIR. */
  s3: S3Settings | null;
  webConcurrency: number;
  /** Kept pages answered per turn of the event loop, the rest in the turns after (PAGES_PER_TURN). */
  pagesPerTurn: number;
  jobTimeoutSeconds: number;
  /** One delay between attempts for every job, or null: each job's own back-off. */
  jobRetryDelaySeconds: number | null;
  /** How often the unpaid-order expiry is offered to the job queue (one sweep per interval). */
  expirySweepSeconds: number;
  /** IPs and CIDR ranges of the reverse proxies in front of the shop (TRUSTED_PROXIES). */
  trustedProxies: readonly string[];
}>;

export type S3Settings = {
  bucket: string;
  region: string;
  /** A non-AWS server (MinIO, R2, Spaces, a local test server); AWS itself when undefined. */
  endpoint: string | undefined;
  /** Undefined: the AWS SDK's default chain (AWS_* variables, an instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key`: what most local servers need. */
  forcePathStyle: boolean;
};

export class EnvError extends Error {}

/** Reads and validates the configuration once. Throws EnvError with one readable line. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue?.path.join('.') || 'configuration';
    throw new EnvError(`Invalid configuration: ${name}: ${issue?.message ?? 'invalid value'}`);
  }
  const raw = parsed.data;
  const isProduction = raw.NODE_ENV === 'production';
  const publicUrl = (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, '');
  return Object.freeze({
    nodeEnv: raw.NODE_ENV,
    isProduction,
    port: raw.PORT,
    host: raw.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1'),
    dataDir: path.resolve(raw.DATA_DIR),
    databaseUrl: raw.DATABASE_URL,
    publicUrl,
    smtpUrl: raw.SMTP_URL,
    paystack: {
      secretKey: raw.PAYSTACK_SECRET_KEY,
      publicKey: raw.PAYSTACK_PUBLIC_KEY,
      baseUrl: raw.PAYSTACK_BASE_URL ?? (raw.PAYSTACK_SECRET_KEY ? 'https://api.paystack.co' : undefined),
      simulatorAllowed: raw.PAYMENT_SIMULATOR ? raw.PAYMENT_SIMULATOR === 'allow' : !isProduction,
    },
    demoData: raw.DEMO_DATA ? raw.DEMO_DATA === 'true' : !isProduction,
    benchBaseline: raw.BENCH_BASELINE === 'true',
    logLevel: raw.LOG_LEVEL,
    logFormat: raw.LOG_FORMAT ?? (isProduction ? 'json' : 'pretty'),
    buildDir: path.resolve(raw.BUILD_DIR),
    imageBaseUrl: raw.IMAGE_BASE_URL ? raw.IMAGE_BASE_URL.replace(/\/+$/, '') : null,
    s3: raw.S3_BUCKET
      ? {
          bucket: raw.S3_BUCKET,
          region: raw.S3_REGION ?? 'us-east-1',
          endpoint: raw.S3_ENDPOINT,
          credentials:
            raw.S3_ACCESS_KEY_ID && raw.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: raw.S3_ACCESS_KEY_ID, secretAccessKey: raw.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: raw.S3_FORCE_PATH_STYLE
            ? raw.S3_FORCE_PATH_STYLE === 'true'
            : raw.S3_ENDPOINT !== undefined,
        }
      : null,
    webConcurrency: raw.WEB_CONCURRENCY ?? 1,
    pagesPerTurn: raw.PAGES_PER_TURN ?? 32,
    jobTimeoutSeconds: raw.JOB_TIMEOUT_SECONDS ?? 120,
    jobRetryDelaySeconds: raw.JOB_RETRY_DELAY_SECONDS ?? null,
    expirySweepSeconds: raw.EXPIRY_SWEEP_SECONDS ?? 60,
    trustedProxies: raw.TRUSTED_PROXIES ?? [],
  });
}

import path from 'node:path';
import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const schema = z
  .object({
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
    PAYMENT_SIMULATOR: z.enum(['allow', 'deny']).optional(),
    // Seed the demo catalogue (and, outside production, a demo admin) into an empty database.
    DEMO_DATA: z.enum(['true', 'false']).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // Where the React Router build lives (client assets and the server bundle).
    BUILD_DIR: z.string().default('build'),
  })
  .refine((env) => Boolean(env.PAYSTACK_SECRET_KEY) === Boolean(env.PAYSTACK_PUBLIC_KEY), {
    message: 'set both PAYSTACK_SECRET_KEY and PAYSTACK_PUBLIC_KEY, or neither',
    path: ['PAYSTACK_SECRET_KEY'],
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
  logLevel: string;
  buildDir: string;
}>;

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
    logLevel: raw.LOG_LEVEL,
    buildDir: path.resolve(raw.BUILD_DIR),
  });
}

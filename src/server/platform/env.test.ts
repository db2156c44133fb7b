import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { networkExposureWarning } from '../http/local-only';
import { ENV_VARIABLES, EnvError, loadEnv } from './env';

describe('loadEnv', () => {
  it('has working defaults for a fresh clone', () => {
    const env = loadEnv({});
    expect(env.port).toBe(3000);
    expect(env.publicUrl).toBe('http://localhost:3000');
    expect(env.databaseUrl).toBeUndefined();
    expect(env.dataDir.endsWith('data')).toBe(true);
    expect(env.paystack.baseUrl).toBeUndefined();
    expect(env.paystack.simulatorAllowed).toBe(true);
    expect(env.demoData).toBe(true);
  });

  it('starts from .env.example as it is (empty values mean the defaults)', () => {
    const example = parseEnv(readFileSync('.env.example', 'utf8')) as Record<string, string>;
    const env = loadEnv(example);
    expect(env.paystack.simulatorAllowed).toBe(true);
    expect(env.demoData).toBe(true);
    expect(env.s3).toBeNull();
  });

  it('fails fast with one clear line', () => {
    expect(() => loadEnv({ PORT: 'abc' })).toThrow(EnvError);
    expect(() => loadEnv({ PORT: 'abc' })).toThrow(/^Invalid configuration: PORT: /);
    expect(() => loadEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadEnv({ PAYSTACK_SECRET_KEY: 'sk_test_x' })).toThrow(/PAYSTACK_PUBLIC_KEY/);
  });

  it('turns the simulator and demo data off in production unless asked', () => {
    const env = loadEnv({ NODE_ENV: 'production' });
    expect(env.paystack.simulatorAllowed).toBe(false);
    expect(env.demoData).toBe(false);
    expect(loadEnv({ NODE_ENV: 'production', PAYMENT_SIMULATOR: 'allow' }).paystack.simulatorAllowed).toBe(
      true,
    );
  });

  it('keeps images on the local disk unless an S3 bucket is named', () => {
    expect(loadEnv({}).s3).toBeNull();
    expect(loadEnv({ S3_BUCKET: 'naija-images' }).s3).toEqual({
      bucket: 'naija-images',
      region: 'us-east-1',
      endpoint: undefined,
      credentials: undefined,
      forcePathStyle: false,
    });
    expect(
      loadEnv({
        S3_BUCKET: 'naija-images',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_REGION: 'af-south-1',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).s3,
    ).toEqual({
      bucket: 'naija-images',
      region: 'af-south-1',
      endpoint: 'http://127.0.0.1:9000',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    expect(() => loadEnv({ S3_BUCKET: 'images', S3_ACCESS_KEY_ID: 'key' })).toThrow(/S3_ACCESS_KEY_ID/);
    expect(() => loadEnv({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET/);
    expect(() => loadEnv({ S3_BUCKET: 'Not A Bucket' })).toThrow(/S3_BUCKET/);
  });

  it('starts one process by default and several only on PostgreSQL', () => {
    expect(loadEnv({}).webConcurrency).toBe(1);
    expect(loadEnv({}).jobTimeoutSeconds).toBe(120);
    expect(loadEnv({ WEB_CONCURRENCY: '', JOB_TIMEOUT_SECONDS: '' })).toMatchObject({
      webConcurrency: 1,
      jobTimeoutSeconds: 120,
    });
    const url = 'postgres://postgres@127.0.0.1:5432/shop';
    expect(loadEnv({ WEB_CONCURRENCY: '4', DATABASE_URL: url }).webConcurrency).toBe(4);
    expect(() => loadEnv({ WEB_CONCURRENCY: '2' })).toThrow(
      /^Invalid configuration: WEB_CONCURRENCY: more than one server process needs a PostgreSQL server/,
    );
    expect(() => loadEnv({ WEB_CONCURRENCY: '0', DATABASE_URL: url })).toThrow(/WEB_CONCURRENCY/);
    expect(() => loadEnv({ JOB_TIMEOUT_SECONDS: '0' })).toThrow(/JOB_TIMEOUT_SECONDS/);
    expect(loadEnv({}).jobRetryDelaySeconds).toBeNull();
    expect(loadEnv({ JOB_RETRY_DELAY_SECONDS: '1' }).jobRetryDelaySeconds).toBe(1);
    expect(() => loadEnv({ JOB_RETRY_DELAY_SECONDS: '-1' })).toThrow(/JOB_RETRY_DELAY_SECONDS/);
    expect(loadEnv({}).expirySweepSeconds).toBe(60);
    expect(loadEnv({}).imageBaseUrl).toBeNull();
    expect(loadEnv({ IMAGE_BASE_URL: 'https://cdn.example.com/shop/' }).imageBaseUrl).toBe(
      'https://cdn.example.com/shop',
    );
    expect(() => loadEnv({ IMAGE_BASE_URL: 'cdn.example.com' })).toThrow(/IMAGE_BASE_URL/);
    expect(loadEnv({}).pagesPerTurn).toBe(32);
    expect(loadEnv({ PAGES_PER_TURN: '8' }).pagesPerTurn).toBe(8);
    expect(() => loadEnv({ PAGES_PER_TURN: '0' })).toThrow(/PAGES_PER_TURN/);
    expect(loadEnv({ EXPIRY_SWEEP_SECONDS: '1' }).expirySweepSeconds).toBe(1);
    expect(() => loadEnv({ EXPIRY_SWEEP_SECONDS: '0' })).toThrow(/EXPIRY_SWEEP_SECONDS/);
  });

  it('points at the real Paystack API when keys are set', () => {
    const env = loadEnv({ PAYSTACK_SECRET_KEY: 'sk_test_1', PAYSTACK_PUBLIC_KEY: 'pk_test_1' });
    expect(env.paystack.baseUrl).toBe('https://api.paystack.co');
    expect(loadEnv({ PAYSTACK_BASE_URL: 'http://127.0.0.1:9999/' }).paystack.baseUrl).toBe(
      'http://127.0.0.1:9999/',
    );
  });
});

describe('where the server listens', () => {
  it('listens on loopback outside production, on every interface in production', () => {
    expect(loadEnv({}).host).toBe('127.0.0.1');
    expect(loadEnv({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadEnv({ NODE_ENV: 'production' }).host).toBe('0.0.0.0');
    expect(loadEnv({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('warns loudly when development settings face a network', () => {
    expect(networkExposureWarning(loadEnv({}))).toBeNull();
    expect(networkExposureWarning(loadEnv({ HOST: '0.0.0.0' }))).toMatch(/WARNING.*every network interface/);
    expect(networkExposureWarning(loadEnv({ NODE_ENV: 'production', PAYMENT_SIMULATOR: 'allow' }))).toMatch(
      /simulator/,
    );
    expect(
      networkExposureWarning(
        loadEnv({
          NODE_ENV: 'production',
          PAYSTACK_SECRET_KEY: 'sk_live_1',
          PAYSTACK_PUBLIC_KEY: 'pk_live_1',
        }),
      ),
    ).toBeNull();
  });
});

/**
 * Variables of the README's configuration table that env.ts does not read, with who reads them.
 * Nothing else may be there: a variable in the README or `.env.example` that the server ignores
 * would mislead whoever sets it.
 */
const READ_ELSEWHERE: Record<string, string> = {
  // `npm start` (scripts/start.mjs) and `npm run serve` pass it to Node, before any .env is read.
  HEAP_LIMIT_MB: 'scripts/start.mjs, package.json',
};

describe('the documented configuration', () => {
  const example = readFileSync('.env.example', 'utf8');
  const readme = readFileSync('README.md', 'utf8');
  const inExample = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!);
  const table = readme.slice(
    readme.indexOf('## Configuration'),
    readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1),
  );
  const inReadme = table
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!));

  it('.env.example lists every variable env.ts reads, and nothing else', () => {
    expect([...inExample].sort()).toEqual([...ENV_VARIABLES].sort());
  });

  it('the README’s configuration table lists every variable env.ts reads, and only what is read elsewhere besides', () => {
    expect(inReadme.length).toBe(new Set(inReadme).size);
    expect([...inReadme].sort()).toEqual([...ENV_VARIABLES, ...Object.keys(READ_ELSEWHERE)].sort());
  });

  it('.env.example copied to .env changes nothing: its values are the defaults', () => {
    const values = parseEnv(example) as Record<string, string>;
    expect(loadEnv(values)).toEqual(loadEnv({}));
  });
});

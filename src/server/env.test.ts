import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';
import { networkExposureWarning } from './http/local-only';

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

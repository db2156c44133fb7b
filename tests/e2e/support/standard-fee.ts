import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { type ShippingMethod, type ShippingZonesResponse, zoneOfState } from '#shared/schemas/catalog';
import type { AdminShippingZonesResponse } from '#shared/schemas/settings';

/**
 * Lagos's Standard shipping fee is one row every browser test shares, and admin-settings.spec.ts
 * changes it for a while, in one worker, as other workers run. So that no test sees a fee another
 * one set: the test that changes it holds this lock until the fee is back, and a test that shows
 * the fee holds it while it reads the fee from the API and checks the page against it.
 *
 * The lock is a folder (mkdir is atomic) under the run's own .tmp folder, which the global setup
 * empties; a lock whose holder died (a worker killed mid-test) is taken over.
 */
const lockDir = () =>
  path.resolve('.tmp', `e2e-${Number(process.env.E2E_PORT ?? 3210)}`, 'standard-fee.lock');

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function acquire(timeoutMs: number): Promise<void> {
  const dir = lockDir();
  await mkdir(path.dirname(dir), { recursive: true });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await mkdir(dir);
      await writeFile(path.join(dir, 'pid'), String(process.pid));
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(await readFile(path.join(dir, 'pid'), 'utf8').catch(() => 'NaN'));
    if (Number.isInteger(holder) && !alive(holder)) {
      await rm(dir, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > deadline)
      throw new Error(`The Standard fee stayed locked by process ${holder} for ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let held = false;

/**
 * From now until unlockStandardFee(), no other test changes the Standard fee. A file that locks
 * it this way unlocks it in an afterEach too, so a failed test does not keep it.
 */
export async function lockStandardFee(timeoutMs = 60_000): Promise<void> {
  if (held) return;
  await acquire(timeoutMs);
  held = true;
}

export async function unlockStandardFee(): Promise<void> {
  if (!held) return;
  held = false;
  await rm(lockDir(), { recursive: true, force: true });
}

/** Runs `work` while no other test changes the Standard fee (or while this one does). */
export async function withStandardFee<T>(work: () => Promise<T>): Promise<T> {
  await lockStandardFee();
  try {
    return await work();
  } finally {
    await unlockStandardFee();
  }
}

/** Lagos's Standard method as the shop stores it now (read inside withStandardFee). */
export async function standardShipping(request: APIRequestContext): Promise<ShippingMethod> {
  const response = await request.get('/api/shipping-zones');
  const { zones } = (await response.json()) as ShippingZonesResponse;
  const standard = zoneOfState(zones, 'Lagos')?.methods.find((method) => method.code === 'standard');
  if (!standard) throw new Error('The shop has no Standard shipping in Lagos');
  return standard;
}

/**
 * For the test that changes the fee: holds the lock, runs `work` (which changes it as an admin
 * would), then puts the Standard method's fee back through `admin`'s API and checks it is back.
 * A fee that cannot be put back fails the test, loudly. Returns the fee it put back.
 */
export async function changingStandardFee(
  admin: APIRequestContext,
  work: () => Promise<void>,
): Promise<{ feeKoboBefore: number }> {
  return withStandardFee(async () => {
    const list = await admin.get('/api/admin/shipping-zones');
    if (!list.ok()) throw new Error(`Reading the delivery zones failed: ${await list.text()}`);
    const { zones } = (await list.json()) as AdminShippingZonesResponse;
    const before = zoneOfState(zones, 'Lagos')?.methods.find((method) => method.code === 'standard');
    if (!before) throw new Error('The shop has no Standard shipping in Lagos');
    const putBack = async () => {
      const response = await admin.patch(`/api/admin/shipping-methods/${before.id}`, {
        data: { feeKobo: before.feeKobo },
      });
      if (!response.ok()) throw new Error(`Putting the Standard fee back failed: ${await response.text()}`);
      const now = await standardShipping(admin);
      if (now.feeKobo !== before.feeKobo)
        throw new Error(`The Standard fee is ${now.feeKobo} kobo, not ${before.feeKobo} as before`);
    };
    try {
      await work();
    } catch (error) {
      // The test's own failure is the one to report; the fee still goes back if it can.
      await putBack().catch((putBackError: unknown) => console.error(putBackError));
      throw error;
    }
    await putBack();
    return { feeKoboBefore: before.feeKobo };
  });
}

import { serializeSignedCookie } from 'better-call';
import { describe, expect, it } from 'vitest';
import { hasCookie, readSignedCookie } from './session-cookie';

const SECRET = 'a-secret-as-long-as-the-shops-own-key';
const NAME = 'naija.session_token';

/** A Cookie header as a browser sends it back after Better Auth's own Set-Cookie. */
async function signedByBetterAuth(token: string, secret = SECRET): Promise<string> {
  const setCookie = await serializeSignedCookie(NAME, token, secret);
  return setCookie.split(';')[0]!;
}

describe('readSignedCookie', () => {
  it("reads the token from a cookie signed by Better Auth's own code", async () => {
    const token = 'Xy9PqRstUvWxYz0123456789AbCdEfGh';
    const header = `theme=dark; ${await signedByBetterAuth(token)}; other=1`;
    expect(readSignedCookie(header, NAME, SECRET)).toBe(token);
  });

  it('refuses a cookie signed with another key, or altered, or unsigned', async () => {
    const token = 'Xy9PqRstUvWxYz0123456789AbCdEfGh';
    expect(readSignedCookie(await signedByBetterAuth(token, 'another-key'), NAME, SECRET)).toBeNull();
    const good = await signedByBetterAuth(token);
    expect(readSignedCookie(good.replace('Xy9', 'Xy8'), NAME, SECRET)).toBeNull();
    expect(readSignedCookie(`${NAME}=${token}`, NAME, SECRET)).toBeNull();
    expect(readSignedCookie(`${NAME}=${token}.short=`, NAME, SECRET)).toBeNull();
    expect(readSignedCookie(`${NAME}=%E0%A4%A`, NAME, SECRET)).toBeNull();
  });

  it('reads the first cookie of the name, and only that name', async () => {
    const first = await signedByBetterAuth('first-token-0000000000000000000');
    const second = await signedByBetterAuth('second-token-000000000000000000');
    expect(readSignedCookie(`${first}; ${second}`, NAME, SECRET)).toBe('first-token-0000000000000000000');
    expect(readSignedCookie(`x${first}`, NAME, SECRET)).toBeNull();
    expect(hasCookie(`a=1; ${first}`, NAME)).toBe(true);
    expect(hasCookie('a=1; naija.session_data=abc', NAME)).toBe(false);
  });
});

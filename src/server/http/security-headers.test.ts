import { describe, expect, it } from 'vitest';
import { newNonce } from './security-headers';

describe('newNonce', () => {
  it('gives 128 random bits each time, never the same twice, across many draws from the system', () => {
    const nonces = Array.from({ length: 2000 }, () => newNonce());
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces.slice(250, 260)) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });
});

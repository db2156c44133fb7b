import { describe, expect, it, vi } from 'vitest';
import { apiJson, onSessionExpired } from './api';

/** A stand-in for the shop's API answering one request (the network edge of the client). */
const answer = (headers: Record<string, string>) => async () =>
  new Response(JSON.stringify({ user: null }), {
    headers: { 'content-type': 'application/json', ...headers },
  });

describe('x-session-expired: idle', () => {
  it('tells the registered listener once per answer carrying the header', async () => {
    const listener = vi.fn();
    const stop = onSessionExpired(listener);
    await apiJson(answer({ 'x-session-expired': 'idle' }), '/api/auth/session');
    await apiJson(answer({}), '/api/auth/session');
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    await apiJson(answer({ 'x-session-expired': 'idle' }), '/api/auth/session');
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

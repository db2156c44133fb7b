import { BlockList, isIP } from 'node:net';

/** `10.0.0.1`, `::1`, `10.0.0.0/8`, `fd00::/8`: one entry of TRUSTED_PROXIES. */
export function isProxyEntry(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** `::ffff:10.0.0.1` (an IPv4 peer on a dual-stack socket) is 10.0.0.1. */
const plain = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '').trim();

/** The proxies whose X-Forwarded-For the shop believes (TRUSTED_PROXIES). */
export class TrustedProxies {
  private readonly list = new BlockList();
  readonly size: number;

  constructor(entries: readonly string[]) {
    for (const entry of entries) {
      const [address = '', prefix] = entry.split('/');
      const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (prefix === undefined) this.list.addAddress(address, family);
      else this.list.addSubnet(address, Number(prefix), family);
    }
    this.size = entries.length;
  }

  has(address: string): boolean {
    const ip = plain(address);
    const family = isIP(ip);
    return family !== 0 && this.list.check(ip, family === 6 ? 'ipv6' : 'ipv4');
  }

  /**
   * The client's address: the socket's peer, unless the peer is a trusted proxy; then the
   * X-Forwarded-For entries are read from the right (each proxy appends the address it saw),
   * skipping trusted proxies, and the first other one is the client. A header sent by anyone
   * else is ignored, so a client cannot choose its own address. `peer` undefined means a call
   * made inside this process (page rendering, tests), whose header is our own.
   */
  clientIp(peer: string | undefined, forwardedFor: string | undefined): string {
    const hops = (forwardedFor ?? '')
      .split(',')
      .map((hop) => plain(hop))
      .filter(Boolean);
    if (peer === undefined) return hops.at(-1) ?? 'unknown';
    if (!this.has(peer)) return plain(peer);
    for (let index = hops.length - 1; index >= 0; index--) {
      const hop = hops[index]!;
      if (!isIP(hop)) return plain(peer);
      if (!this.has(hop)) return hop;
    }
    return hops[0] ?? plain(peer);
  }
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a trailing IPv4 part read as two). */
function ipv6Groups(address: string): number[] {
  let text = address.replace(/%.*$/, '').toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16));
}

/**
 * What a per-address limit counts: an IPv4 address itself; an IPv6 address by its /64, the block a
 * single home or phone is given, so that changing the last 64 bits (free for the holder of the
 * block) does not buy new attempts. Anything else as it is.
 */
export function addressKey(ip: string): string {
  const address = plain(ip);
  const family = isIP(address.replace(/%.*$/, ''));
  if (family === 6) {
    return `${ipv6Groups(address)
      .slice(0, 4)
      .map((group) => group.toString(16))
      .join(':')}::/64`;
  }
  return address;
}

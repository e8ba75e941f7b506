import { isIPv4, isIPv6 } from 'node:net';

/** Leading bits of an IPv6 address that name one client: a /64 is the smallest network a provider hands out. */
export const IPV6_CLIENT_PREFIX_GROUPS = 4;

/** The eight 16-bit groups of an IPv6 address (zone id dropped), or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  const text = address.split('%')[0] ?? '';
  if (!isIPv6(text)) return null;
  let head = text;
  const tail: number[] = [];
  // An embedded IPv4 address (::ffff:192.0.2.1) is its last two groups.
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (v4) {
    const [a = 0, b = 0, c = 0, d = 0] = v4.split('.').map(Number);
    tail.push((a << 8) | b, (c << 8) | d);
    head = text.slice(0, -v4.length).replace(/:$/, text.endsWith(`::${v4}`) ? ':' : '');
  }
  const [left = '', right] = head.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const before = parse(left);
  const after = [...parse(right ?? ''), ...tail];
  const missing = 8 - before.length - after.length;
  return right === undefined && missing !== 0 ? null : [...before, ...Array<number>(Math.max(0, missing)).fill(0), ...after];
}

/**
 * Who a client is for the per-client limits (rate limits, the demo's daily quota): an IPv4 address
 * itself; an IPv6 address by its /64 network. Anyone on IPv6 holds a whole /64 (2^64 addresses) and
 * can take a new address per request, so counting single IPv6 addresses limited nobody there
 * (decision 051). An IPv4 client behind a dual-stack socket (::ffff:a.b.c.d) is its IPv4 address.
 */
export function clientKeyOf(ip: string | undefined): string {
  // A socket already closed has no address (Fastify's request.ip is then undefined).
  if (ip === undefined) return 'unknown';
  if (isIPv4(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  }
  return `${groups
    .slice(0, IPV6_CLIENT_PREFIX_GROUPS)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

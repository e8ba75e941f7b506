import { describe, expect, it } from 'vitest';
import { clientKeyOf } from './client-key';

describe('clientKeyOf', () => {
  it('keeps IPv4 addresses, and IPv4 clients of a dual-stack socket, as they are', () => {
    expect(clientKeyOf('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKeyOf('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKeyOf('::ffff:cb00:7109')).toBe('203.0.113.9');
  });

  it('counts an IPv6 client by its /64 network (one address per request would otherwise be a new client)', () => {
    expect(clientKeyOf('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientKeyOf('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientKeyOf('2001:0db8:0001:0002:0000:0000:0000:0009')).toBe('2001:db8:1:2::/64');
    expect(clientKeyOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKeyOf('2001:db8:1:3::1')).not.toBe(clientKeyOf('2001:db8:1:2::1'));
    expect(clientKeyOf('::1')).toBe('0:0:0:0::/64');
    expect(clientKeyOf('2001:db8::192.0.2.1')).toBe('2001:db8:0:0::/64');
  });

  it('leaves anything else alone', () => {
    expect(clientKeyOf('unknown')).toBe('unknown');
    expect(clientKeyOf('')).toBe('');
    expect(clientKeyOf(undefined)).toBe('unknown');
  });
});

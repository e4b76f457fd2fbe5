import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ipHasher } from '../../src/kernel/identity.js';

describe('ipHasher', () => {
  const secret = 'identity-test-secret-identity-test-secret';

  it('is the HMAC-SHA256 of the address under the server secret (stored hashes stay comparable)', () => {
    const hash = ipHasher(secret);
    // The last is no address (a forwarded header's value behind a trusted proxy): hashed, not remembered.
    for (const ip of ['203.0.113.7', '2001:db8::1', '127.0.0.1', 'unknown, 10.0.0.1']) {
      expect(hash(ip)).toBe(createHmac('sha256', secret).update(`ip:${ip}`).digest('hex'));
      expect(hash(ip)).toBe(hash(ip)); // answered from the recent-hash memory the second time
    }
  });

  it('differs per secret and per address, and keeps answering past its memory bound', () => {
    const a = ipHasher(secret);
    const b = ipHasher(`${secret}-other`);
    expect(a('198.51.100.1')).not.toBe(b('198.51.100.1'));
    expect(a('198.51.100.1')).not.toBe(a('198.51.100.2'));
    const first = a('192.0.2.1');
    for (let i = 0; i < 10_050; i++) a(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
    expect(a('192.0.2.1')).toBe(first);
  });
});

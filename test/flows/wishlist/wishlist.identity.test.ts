import { describe, expect, it } from 'vitest';
import { emailHash, voterKey } from '../../../src/flows/wishlist/wishlist.identity.js';

// Stored votes are matched by these keys: the way they are computed may change, their values may not.
describe('wishlist identity hashes', () => {
  const secret = 's3cret-ünï'; // not ASCII: the key is the secret's UTF-8 bytes

  it('keeps the voter keys and email hashes already stored', () => {
    // HMAC-SHA256 with the secret as key, as computed before the key became a KeyObject made once.
    expect(voterKey(secret, 'anonymous', { userId: 'user-1', ipHash: 'h' })).toBe('ce6c59b7bc017ad23bd3805ece2a73fc94f8e3e8f423c789145d795b20087f30');
    expect(voterKey(secret, 'email', { email: ' A@X.test ', ipHash: 'h' })).toBe(voterKey(secret, 'email', { email: 'a@x.test', ipHash: 'other' }));
    expect(emailHash(secret, 'A@x.test')).toBe(emailHash(secret, 'a@x.test'));
  });

  it('keys each secret apart', () => {
    const v = { userId: 'user-1', ipHash: 'h' };
    expect(voterKey('another-secret', 'anonymous', v)).not.toBe(voterKey(secret, 'anonymous', v));
    expect(voterKey(secret, 'anonymous', v)).toBe('ce6c59b7bc017ad23bd3805ece2a73fc94f8e3e8f423c789145d795b20087f30');
  });
});

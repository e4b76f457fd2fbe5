import { describe, expect, it } from 'vitest';
import { rowId } from '../../src/db/row-id.js';

describe('rowId', () => {
  it('is cuid-shaped: c, then 23 lower-case base32 characters', () => {
    for (let i = 0; i < 1000; i++) expect(rowId()).toMatch(/^c[a-z2-7]{23}$/);
  });

  it('sorts by creation time across milliseconds, and far ahead', () => {
    const times = [0, 1, 31, 32, 1_700_000_000_000, 1_800_000_000_123, 32 ** 9 - 1];
    const ids = times.map((t) => rowId(t));
    expect([...ids].sort()).toEqual(ids);
  });

  it('has no collisions in 200,000 ids made in the same millisecond', () => {
    const ids = new Set(Array.from({ length: 200_000 }, () => rowId(1_800_000_000_000)));
    expect(ids.size).toBe(200_000);
  });
});

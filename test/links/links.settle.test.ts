import { describe, expect, it } from 'vitest';
import { byLink, rollUp, settle, type Click } from '../../src/links/links.settle.js';
import { stateOf } from '../../src/links/links.service.js';
import { isBotAgent, targetFor } from '../../src/links/links.agents.js';
import { BOT_AGENTS, UA } from './links.fixtures.js';

const NOW = '2030-01-01T00:00:00.000Z';
const human = (linkId = 'a', target: Click['target'] = 'fallback'): Click => ({ linkId, bot: false, target, country: 'US' });
const bot = (linkId = 'a'): Click => ({ linkId, bot: true, target: 'fallback', country: null });
const row = (over: Partial<Parameters<typeof settle>[0] & object> = {}) => ({
  status: 'active',
  expires_at: null,
  max_clicks: null,
  click_count: 0,
  history_count: 7,
  ...over,
});

describe('settle: one link’s clicks of a group, in arrival order', () => {
  it('grants exactly the remaining clicks, first come first served; bots never consume them', () => {
    const s = settle(row({ max_clicks: 5, click_count: 3 }), [bot(), human(), bot(), human(), human(), bot()], NOW);
    expect(s.outcomes).toEqual(['redirect', 'redirect', 'redirect', 'redirect', 'ended', 'ended']);
    expect(s.granted).toBe(2);
    expect(s.bots).toBe(3);
    expect(s.history.map((h) => [h.seq, h.target, h.is_bot])).toEqual([
      [7, 'fallback', 1], [8, 'fallback', 0], [9, 'fallback', 1], [10, 'fallback', 0], [11, 'expired', 0], [12, 'expired', 1],
    ]);
  });

  it('a count above a lowered limit grants nothing', () => {
    expect(settle(row({ max_clicks: 2, click_count: 9 }), [human()], NOW)).toMatchObject({ outcomes: ['ended'], granted: 0 });
  });

  it('expired at exactly expiresAt; disabled records nothing; a missing link is gone', () => {
    expect(settle(row({ expires_at: NOW }), [human()], NOW)).toMatchObject({ outcomes: ['ended'], granted: 0 });
    expect(settle(row({ expires_at: '2030-01-01T00:00:00.001Z' }), [human()], NOW)).toMatchObject({ outcomes: ['redirect'], granted: 1 });
    expect(settle(row({ status: 'disabled' }), [human(), bot()], NOW)).toEqual({ outcomes: ['disabled', 'disabled'], history: [], granted: 0, bots: 0 });
    expect(settle(undefined, [human()], NOW)).toMatchObject({ outcomes: ['gone'], history: [] });
  });

  it('byLink groups click indexes per link in id order', () => {
    expect([...byLink([human('b'), human('a'), human('b')])]).toEqual([['a', [1]], ['b', [0, 2]]]);
  });
});

describe('state precedence: disabled > expired > limit_reached > active', () => {
  it.each([
    [{ status: 'disabled' as const, expires_at: NOW, max_clicks: 1, click_count: 1 }, 'disabled'],
    [{ status: 'active' as const, expires_at: NOW, max_clicks: 1, click_count: 1 }, 'expired'],
    [{ status: 'active' as const, expires_at: null, max_clicks: 1, click_count: 1 }, 'limit_reached'],
    [{ status: 'active' as const, expires_at: '2031-01-01T00:00:00.000Z', max_clicks: 2, click_count: 1 }, 'active'],
  ])('%o -> %s', (r, state) => {
    expect(stateOf(r, NOW)).toBe(state);
  });
});

describe('agents', () => {
  it('recognises preview fetchers and crawlers, not people', () => {
    for (const ua of BOT_AGENTS) expect(isBotAgent(ua), ua).toBe(true);
    for (const ua of Object.values(UA)) expect(isBotAgent(ua), ua).toBe(false);
  });

  it('routes by platform only when the link has that override', () => {
    const both = { ios_url: 'i', android_url: 'a' };
    expect(targetFor(UA.iphone, both)).toBe('ios');
    expect(targetFor(UA.ipad, both)).toBe('ios');
    expect(targetFor(UA.android, both)).toBe('android');
    expect(targetFor(UA.desktop, both)).toBe('fallback');
    expect(targetFor(UA.iphone, { ios_url: null, android_url: 'a' })).toBe('fallback');
  });
});

describe('rollUp', () => {
  it('sums a group into one counter increment per link, target, country and bot flag, in key order', () => {
    const h = (link_id: string, target: 'ios' | 'fallback' | 'expired', country: string | null, is_bot: number) => ({ link_id, seq: 0, created_at: 'now', target, country, is_bot });
    expect(rollUp([h('b', 'ios', 'US', 0), h('a', 'fallback', null, 0), h('b', 'ios', 'US', 0), h('a', 'fallback', null, 1), h('a', 'expired', 'DE', 0)])).toEqual([
      { link_id: 'a', target: 'expired', country: 'DE', is_bot: 0, clicks: 1 },
      { link_id: 'a', target: 'fallback', country: '', is_bot: 0, clicks: 1 },
      { link_id: 'a', target: 'fallback', country: '', is_bot: 1, clicks: 1 },
      { link_id: 'b', target: 'ios', country: 'US', is_bot: 0, clicks: 2 },
    ]);
    expect(rollUp([])).toEqual([]);
  });
});

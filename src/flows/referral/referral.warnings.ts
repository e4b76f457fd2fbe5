import type { Warning } from '../../kernel/flows/registry.js';
import type { ReferralConfig } from './referral.schema.js';

/** Sensible most for a unit before it looks like a typo (weeks: 1-8, as WIRE A.2 says). */
const UNIT_MAX: Record<string, number> = { day: 60, week: 8, month: 12, year: 2 };

/**
 * Advisory only.
 * - unlimited_rewards: no lifetime cap per referrer: one person can farm unlimited rewards.
 * - missing_app_store_url / missing_website_url: the invite page has nowhere to send people without the app.
 * - unit_out_of_range: e.g. 20 weeks per friend (WIRE: weeks 1-8).
 * - referee_reward_missing / referee_reward_unused: refereeEnabled without a referee reward, or the reverse.
 * - unlimited_devices: no cap on attributions from one client to one referrer.
 */
export function referralWarnings(c: ReferralConfig): Warning[] {
  const out: Warning[] = [];
  if (!c.maxRewardsPerReferrer) {
    out.push({ code: 'unlimited_rewards', path: '/maxRewardsPerReferrer', message: 'No lifetime cap per referrer: one person can farm unlimited rewards. Set maxRewardsPerReferrer.' });
  }
  const fallback = c.landing.fallback ?? 'app_store';
  if (fallback === 'app_store' && !c.landing.appStoreUrl) {
    out.push({ code: 'missing_app_store_url', path: '/landing/appStoreUrl', message: 'Friends without the app are sent to the App Store: set appStoreUrl.' });
  }
  if (fallback === 'website' && !c.landing.websiteUrl) {
    out.push({ code: 'missing_website_url', path: '/landing/websiteUrl', message: 'fallback is website but no websiteUrl is set.' });
  }
  for (const side of ['referrer', 'referee'] as const) {
    const r = c.rewards[side];
    const max = r ? UNIT_MAX[r.unit.toLowerCase()] : undefined;
    if (r && max !== undefined && r.amount > max) {
      out.push({ code: 'unit_out_of_range', path: `/rewards/${side}/amount`, message: `${r.amount} ${r.unit}s per friend is more than ${max}; check the amount and the unit.` });
    }
  }
  if (c.rewards.refereeEnabled && !c.rewards.referee) {
    out.push({ code: 'referee_reward_missing', path: '/rewards/referee', message: 'refereeEnabled is true but no referee reward is set: new users get nothing.' });
  }
  if (!c.rewards.refereeEnabled && c.rewards.referee) {
    out.push({ code: 'referee_reward_unused', path: '/rewards/refereeEnabled', message: 'A referee reward is set but refereeEnabled is false: it is never granted.' });
  }
  if (!c.maxReferralsPerDevice) {
    out.push({ code: 'unlimited_devices', path: '/maxReferralsPerDevice', message: 'One device can attribute any number of friends to one referrer; set maxReferralsPerDevice to cap obvious farming.' });
  }
  return out;
}

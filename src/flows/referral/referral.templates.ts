import { appStoreUrlOf } from '../../kernel/flows/app-store-url.js';
import type { FlowTemplate, TemplateContext } from '../../kernel/flows/registry.js';
import type { ReferralConfig } from './referral.schema.js';

/*
 * Starting points for the dashboard's gallery and GET /api/v1/flow-templates?type=referral.
 * Every one caps rewards per referrer and attributions per device (farming). The invite page's
 * App Store URL is the app's own when its promotion metadata has one (referralTemplates below);
 * otherwise it is left out and the `missing_app_store_url` warning tells the owner to set it.
 * The share text is read without context in a chat, so it names the app when it is known.
 */

// Read by the invited friend, so it speaks to them.
const legal = 'For new users only. Install the app through this invite and your reward is added the first time you open it.';

function templates(app: string): FlowTemplate<ReferralConfig>[] {
  return [
    {
      id: 'give_a_month_get_a_month',
      name: 'Give a month, get a month',
      description: 'Both sides get a free month of Premium when a friend joins, capped at 12 months per person; the classic for subscription apps.',
      config: {
        type: 'referral',
        landing: {
          eyebrow: 'You’re invited',
          title: 'Your friend gave you a free month of Premium',
          subtitle: 'Install the app through this invite and your first month of Premium is on us. Your friend gets a month too.',
          ctaLabel: 'Claim my free month',
          legal,
        },
        share: { messageTemplate: `I’ve been using ${app} and think you’d like it. Here’s a free month of Premium on me:` },
        rewards: {
          referrer: { amount: 1, unit: 'month' },
          refereeEnabled: true,
          referee: { amount: 1, unit: 'month' },
          referrerLabel: 'Get a free month for every friend who joins',
          refereeLabel: 'Your first month of Premium is free',
        },
        maxRewardsPerReferrer: 12,
        maxReferralsPerDevice: 3,
      },
    },
    {
      id: 'credits_for_both',
      name: 'Credits for both',
      description: 'The sharer and the friend each get 50 credits; for apps that sell credits or tokens, like AI photo, design or voice apps.',
      config: {
        type: 'referral',
        landing: {
          eyebrow: '50 free credits',
          title: 'Start with 50 free credits',
          subtitle: 'Your friend invited you. Install the app through this link and 50 credits are waiting in your account.',
          ctaLabel: 'Get my 50 credits',
          legal,
        },
        share: { messageTemplate: `I’m using ${app} and we both get 50 free credits if you join with my link:` },
        rewards: {
          referrer: { amount: 50, unit: 'credit' },
          refereeEnabled: true,
          referee: { amount: 50, unit: 'credit' },
          referrerLabel: 'You both get 50 credits for every friend who joins',
          refereeLabel: '50 free credits to start',
        },
        maxRewardsPerReferrer: 20,
        maxReferralsPerDevice: 3,
      },
    },
    {
      id: 'unlock_a_feature',
      name: 'Unlock a feature',
      description: 'Invite one friend to unlock a premium feature for good (the app grants it on the first reward); for free apps with one feature people want.',
      config: {
        type: 'referral',
        landing: {
          eyebrow: 'An invite from a friend',
          title: 'Your friend wants you on board',
          subtitle: 'Install the app through this invite and your friend unlocks all premium themes. It’s free for you.',
          ctaLabel: 'Get the app',
          legal: 'Your friend’s reward is added when you install the app through this invite.',
        },
        share: { messageTemplate: `Could you try ${app}? If you install it with my link I unlock the premium themes:` },
        rewards: {
          referrer: { amount: 1, unit: 'unlock', unitPlural: 'unlocks' },
          refereeEnabled: false,
          referrerLabel: 'Invite one friend to unlock all premium themes',
        },
        maxRewardsPerReferrer: 1,
        maxReferralsPerDevice: 1,
      },
    },
    {
      id: 'free_week_each',
      name: 'A free week each',
      description: 'One free week for the sharer and one for the friend, up to eight weeks per person; a light start for apps with weekly plans or short trials.',
      config: {
        type: 'referral',
        landing: {
          eyebrow: 'You’re invited',
          title: 'Try Premium free for a week',
          subtitle: 'Your friend invited you. Install the app through this link and get a full week of Premium, no payment needed.',
          ctaLabel: 'Start my free week',
          legal,
        },
        share: { messageTemplate: `Try ${app} with a free week of Premium (I get one too):` },
        rewards: {
          referrer: { amount: 1, unit: 'week' },
          refereeEnabled: true,
          referee: { amount: 1, unit: 'week' },
          referrerLabel: 'Get a free week for every friend who joins',
          refereeLabel: 'A free week of Premium',
        },
        maxRewardsPerReferrer: 8,
        maxReferralsPerDevice: 3,
      },
    },
  ];
}

/** Without an app in view the copy says "this app"; the owner sees the text and edits it anyway. */
export const REFERRAL_TEMPLATES = templates('this app');

/** The templates for an app: its name in the share text, its own store page on the invite when known. */
export function referralTemplates(ctx: TemplateContext): FlowTemplate<ReferralConfig>[] {
  const list = ctx.app ? templates(ctx.app.name) : REFERRAL_TEMPLATES;
  const appStoreUrl = appStoreUrlOf(ctx);
  if (!appStoreUrl) return list;
  return list.map((t) => ({ ...t, config: { ...t.config, landing: { ...t.config.landing, appStoreUrl } } }));
}

import type { FlowTemplate } from '../../kernel/flows/registry.js';
import type { CancelButton, CancelConfig } from './cancel.schema.js';

/*
 * Starting points for the dashboard's gallery and GET /api/v1/flow-templates?type=cancel.
 * Each saves and publishes with no warning (test/flows/templates.test.ts). Offer, paywall and
 * feature ids are the ones the copy promises; the owner renames them to what the app presents.
 * Reason icons are SF Symbol names the hosted page also draws (kernel/pages/icons.tsx); no emoji,
 * which would win over the icon on the page.
 */

const cancelAnyway: CancelButton = { label: 'No thanks, cancel', action: 'manage_subscription' };

const intro = {
  title: 'Before you go',
  subtitle: 'We’re sorry to see you leave. Tell us what isn’t working: there may be a better option for you.',
  primaryButton: 'Continue',
  secondaryButton: 'Keep my subscription',
};

const halfOff: CancelButton = { label: 'Claim 50% off', action: 'open_offer', offerId: 'winback_50_off_3_months' };

export const CANCEL_TEMPLATES: FlowTemplate<CancelConfig>[] = [
  {
    id: 'discount_first',
    name: 'Discount first',
    description: 'Every reason leads with 50% off for three months before the way out; pick it when price is what makes people leave.',
    config: {
      type: 'cancel',
      intro,
      reasonScreen: {
        title: 'Why are you cancelling?',
        subtitle: 'Pick the closest reason. It helps us improve.',
        autoAdvance: true,
        reasons: [
          { id: 'too_expensive', label: 'It’s too expensive', iconName: 'dollarsign.circle' },
          { id: 'not_using', label: 'I don’t use it enough', iconName: 'clock' },
          { id: 'missing_feature', label: 'It’s missing something I need', iconName: 'lightbulb' },
          { id: 'switching', label: 'I’m switching to another app', iconName: 'arrow.triangle.2.circlepath' },
          { id: 'other', label: 'Something else', iconName: 'bubble.left' },
        ],
      },
      responses: {
        too_expensive: {
          title: 'Stay for half the price',
          body: 'Keep everything for 50% off over the next three months. Your history, settings and progress stay exactly where they are.',
          primaryButton: halfOff,
          secondaryButton: cancelAnyway,
        },
        not_using: {
          title: 'Keep your spot for less',
          body: 'Life gets busy. Stay at 50% off for three months and pick up where you left off whenever you’re ready.',
          primaryButton: halfOff,
          secondaryButton: cancelAnyway,
        },
        missing_feature: {
          title: 'Half price while we build it',
          body: 'We ship updates every few weeks and read every request. Stay at 50% off for three months and see what’s coming.',
          primaryButton: halfOff,
          secondaryButton: cancelAnyway,
        },
        switching: {
          title: 'Before you switch: 50% off',
          body: 'Moving your data takes time. Stay for half the price for three months and compare at your own pace.',
          primaryButton: halfOff,
          secondaryButton: cancelAnyway,
        },
        other: {
          title: 'We’d still love to keep you',
          body: 'Here’s 50% off your next three months, no strings attached. You can cancel any time.',
          primaryButton: halfOff,
          secondaryButton: cancelAnyway,
        },
      },
    },
  },
  {
    id: 'pause_instead',
    name: 'Pause instead',
    description: 'Offers a pause of up to three months instead of a cancellation; for apps people use in seasons, like fitness, meal planning or study apps.',
    config: {
      type: 'cancel',
      intro: { ...intro, subtitle: 'Need a break? You can pause instead of cancelling and keep everything you’ve built.' },
      reasonScreen: {
        title: 'What’s making you leave?',
        subtitle: 'Pick the closest reason.',
        autoAdvance: true,
        reasons: [
          { id: 'taking_a_break', label: 'I need a break', iconName: 'pause.circle' },
          { id: 'travelling', label: 'I’m travelling or away', iconName: 'globe' },
          { id: 'too_busy', label: 'I’m too busy right now', iconName: 'calendar' },
          { id: 'too_expensive', label: 'Money is tight at the moment', iconName: 'dollarsign.circle' },
          { id: 'other', label: 'Something else', iconName: 'bubble.left' },
        ],
      },
      responses: {
        taking_a_break: {
          title: 'Pause, don’t lose your progress',
          body: 'Pause your subscription for one, two or three months. You won’t be charged, and everything is waiting when you come back.',
          primaryButton: { label: 'Pause my subscription', action: 'open_feature', featureId: 'pause_subscription' },
          secondaryButton: cancelAnyway,
        },
        travelling: {
          title: 'Pause while you’re away',
          body: 'Going somewhere? Pause for up to three months and we’ll pick up the day you’re back. No charge in between.',
          primaryButton: { label: 'Pause while I’m away', action: 'open_feature', featureId: 'pause_subscription' },
          secondaryButton: cancelAnyway,
        },
        too_busy: {
          title: 'Take a breather',
          body: 'Busy seasons pass. Pause for a month or two instead of starting over later: your history and settings stay put.',
          primaryButton: { label: 'Pause for now', action: 'open_feature', featureId: 'pause_subscription' },
          secondaryButton: cancelAnyway,
        },
        too_expensive: {
          title: 'Pause and pay nothing',
          body: 'Pausing costs nothing. Take up to three months off billing and come back when it suits your budget.',
          primaryButton: { label: 'Pause billing', action: 'open_feature', featureId: 'pause_subscription' },
          secondaryButton: cancelAnyway,
        },
        other: {
          title: 'Would a pause help?',
          body: 'You can pause for up to three months instead of cancelling. Nothing is charged and nothing is lost.',
          primaryButton: { label: 'Pause my subscription', action: 'open_feature', featureId: 'pause_subscription' },
          secondaryButton: cancelAnyway,
        },
      },
    },
  },
  {
    id: 'ask_why_route_to_support',
    name: 'Ask why, then route to support',
    description: 'Finds out what went wrong and opens a prefilled support conversation for bugs, confusion and billing; for teams that save users by talking to them.',
    config: {
      type: 'cancel',
      intro: { ...intro, subtitle: 'Something not right? Tell us what happened: a real person reads every answer.' },
      reasonScreen: {
        title: 'What went wrong?',
        subtitle: 'Pick the closest reason and we’ll see what we can do.',
        reasons: [
          { id: 'bug', label: 'Something isn’t working', iconName: 'exclamationmark.triangle' },
          { id: 'hard_to_use', label: 'It’s hard to use', iconName: 'questionmark.circle' },
          { id: 'missing_feature', label: 'It’s missing a feature I need', iconName: 'lightbulb' },
          { id: 'billing_problem', label: 'I have a billing problem', iconName: 'creditcard' },
          { id: 'other', label: 'Something else', iconName: 'bubble.left' },
        ],
      },
      responses: {
        bug: {
          title: 'Let us fix it',
          body: 'Most problems are fixed within a day once we know about them. Tell us what happened and we’ll get back to you personally.',
          primaryButton: { label: 'Report the problem', action: 'open_support', supportTopic: 'bug', message: 'Something isn’t working for me: ' },
          secondaryButton: cancelAnyway,
        },
        hard_to_use: {
          title: 'We can help you get set up',
          body: 'Tell us what you were trying to do. We’ll walk you through it, or fix what’s confusing for everyone.',
          primaryButton: { label: 'Ask for help', action: 'open_support', supportTopic: 'how_to', message: 'I’m trying to ' },
          secondaryButton: cancelAnyway,
        },
        missing_feature: {
          title: 'What should we build?',
          body: 'Feature requests go straight to the people who build the app. Tell us what you need: it may already be on the way.',
          primaryButton: { label: 'Request a feature', action: 'open_support', supportTopic: 'feature_request', message: 'I’d like the app to ' },
          secondaryButton: cancelAnyway,
        },
        billing_problem: {
          title: 'Let’s sort out your billing',
          body: 'Charged twice, wrong plan or a missing refund? Our support team can fix most billing issues right away.',
          primaryButton: { label: 'Contact billing support', action: 'open_support', supportTopic: 'billing', message: 'I have a problem with my subscription: ' },
          secondaryButton: cancelAnyway,
        },
        other: {
          title: 'Tell us more',
          body: 'We read every message. If there’s anything we can do to keep you, we will.',
          primaryButton: { label: 'Message us', action: 'open_support', supportTopic: 'cancellation' },
          secondaryButton: cancelAnyway,
        },
      },
    },
  },
  {
    id: 'downgrade_plan',
    name: 'Downgrade to a cheaper plan',
    description: 'Sends price-sensitive users to a lighter plan or the yearly price on your paywall instead of losing them; for apps with more than one tier.',
    config: {
      type: 'cancel',
      intro: { ...intro, subtitle: 'Before you cancel, check whether a smaller plan would suit you better.' },
      reasonScreen: {
        title: 'Why are you cancelling?',
        subtitle: 'Pick the closest reason.',
        autoAdvance: true,
        reasons: [
          { id: 'too_expensive', label: 'It costs too much', iconName: 'dollarsign.circle' },
          { id: 'few_features_used', label: 'I only use a few features', iconName: 'gearshape' },
          { id: 'monthly_adds_up', label: 'Paying monthly adds up', iconName: 'calendar' },
          { id: 'other', label: 'Something else', iconName: 'bubble.left' },
        ],
      },
      responses: {
        too_expensive: {
          title: 'Try Lite instead',
          body: 'Lite keeps the essentials for less than half the price. Switch any time, and upgrade again whenever you like.',
          primaryButton: { label: 'See the Lite plan', action: 'open_premium', paywallId: 'lite_plan' },
          secondaryButton: cancelAnyway,
        },
        few_features_used: {
          title: 'Only pay for what you use',
          body: 'If you mostly use the basics, Lite covers them for a lower price. Your data stays exactly as it is.',
          primaryButton: { label: 'Switch to Lite', action: 'open_premium', paywallId: 'lite_plan' },
          secondaryButton: cancelAnyway,
        },
        monthly_adds_up: {
          title: 'Save 40% with yearly',
          body: 'The yearly plan costs about the same as seven months. One payment, then nothing to think about for a year.',
          primaryButton: { label: 'See the yearly plan', action: 'open_premium', paywallId: 'yearly_plan' },
          secondaryButton: cancelAnyway,
        },
        other: {
          title: 'A smaller plan might fit',
          body: 'Lite keeps the essentials for less. Have a look before you go.',
          primaryButton: { label: 'See the Lite plan', action: 'open_premium', paywallId: 'lite_plan' },
          secondaryButton: cancelAnyway,
        },
      },
    },
  },
  {
    id: 'exit_survey',
    name: 'Quick exit survey',
    description: 'One multi-select question and straight on to the thanks screen, no offers; for when you only want to learn why people leave.',
    config: {
      type: 'cancel',
      intro: { ...intro, subtitle: 'Could you tell us why you’re leaving? It takes ten seconds and helps us improve.' },
      reasonScreen: {
        title: 'Why are you cancelling?',
        subtitle: 'Pick all that apply.',
        selectMode: 'multi',
        reasons: [
          { id: 'too_expensive', label: 'It’s too expensive', iconName: 'dollarsign.circle' },
          { id: 'not_using', label: 'I don’t use it enough', iconName: 'clock' },
          { id: 'missing_feature', label: 'It’s missing features', iconName: 'lightbulb' },
          { id: 'bugs', label: 'Too many bugs', iconName: 'ladybug' },
          { id: 'switching', label: 'I found a better app', iconName: 'arrow.triangle.2.circlepath' },
          { id: 'other', label: 'Something else', iconName: 'bubble.left' },
        ],
      },
      responses: {},
    },
  },
];

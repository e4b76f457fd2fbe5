import type { FlowTemplate } from '../../kernel/flows/registry.js';
import { OPEN_FROM } from './legal.children-age.js';
import type { LegalConfig } from './legal.schema.js';

/**
 * Who is responsible: clearly placeholders the owner replaces (the schema accepts them, so a
 * template saves as it is). No jurisdiction: a made-up one would read as a fact in the policy and
 * become the terms' governing law; the owner adds their own.
 */
const entity = { name: 'Your Company Ltd', contactEmail: 'privacy@example.com' };

/** The service itself: what the app's published flows collect is declared under it (and it is named when they collect nothing yet). */
const appflows = { id: 'appflows' };

/**
 * Starting points for the privacy policy and terms (served by GET /api/v1/flow-templates): each a
 * consistent set of facts (processors and declarations agree, so no contradiction warning fires)
 * for a common kind of indie app. Facts, not inferences: the owner checks every one against what
 * their app really does before publishing. Every template except the offline one lists `appflows`,
 * so whatever the app's published flows collect is declared as the owner intends.
 */
export const LEGAL_TEMPLATES: FlowTemplate<LegalConfig>[] = [
  {
    id: 'no_data_collected',
    name: 'No data collected (offline app)',
    description: 'Nothing leaves the device: for an offline app with no analytics, ads or accounts, declared “Data Not Collected” on the App Store.',
    config: {
      type: 'legal',
      entity,
      localData: ['Everything you create in the app', 'Your settings and preferences'],
      processors: [],
      platformData: [
        { capability: 'notifications', use: 'to remind you at the times you choose; reminders are scheduled on your device' },
        { capability: 'cloud_sync', use: 'to keep your data in step across your devices through your own iCloud' },
      ],
      declarations: { sellsData: false, advertising: false, analytics: false, tracking: false, profiling: false },
      terms: { appleStandardEula: true },
    },
  },
  {
    id: 'analytics_crash_firebase',
    name: 'Analytics + crash reporting (Firebase)',
    description: 'Firebase Analytics and Crashlytics, no ads, no tracking: the usual set-up of a free app that measures usage and fixes crashes.',
    config: {
      type: 'legal',
      entity,
      localData: ['Everything you create in the app'],
      processors: [
        { id: 'firebase' },
        { id: 'crashlytics' },
        appflows,
      ],
      declarations: { sellsData: false, advertising: false, analytics: true, tracking: false, profiling: false },
      terms: { minimumAge: 13 },
    },
  },
  {
    id: 'subscriptions_revenuecat_ads',
    name: 'Subscriptions with RevenueCat + ads',
    description: 'A freemium app: RevenueCat sells the subscription, Google AdMob shows personalised ads to free users (ask for tracking permission with ATT).',
    config: {
      type: 'legal',
      entity,
      processors: [
        { id: 'revenuecat' },
        // Personalised ads: tracking in Apple's sense (so declarations.tracking is true).
        { id: 'admob' },
        appflows,
      ],
      declarations: { sellsData: false, advertising: true, analytics: false, tracking: true, profiling: false },
      terms: { subscriptions: true, minimumAge: 13 },
    },
  },
  {
    id: 'subscriptions_paywall_analytics',
    name: 'Subscriptions with RevenueCat, Superwall and PostHog',
    description: 'A paid app without ads: RevenueCat for purchases, Superwall for the paywall, PostHog for product analytics.',
    config: {
      type: 'legal',
      entity,
      localData: ['Everything you create in the app'],
      processors: [{ id: 'revenuecat' }, { id: 'superwall' }, { id: 'posthog' }, appflows],
      declarations: { sellsData: false, advertising: false, analytics: true, tracking: false, profiling: false },
      terms: { subscriptions: true, minimumAge: 13 },
    },
  },
  {
    id: 'health_fitness_on_device',
    name: 'Health & fitness, data on device',
    description: 'Reads Health and motion data that never leaves the phone, sells a subscription, reports crashes, and adds a “not medical advice” section.',
    config: {
      type: 'legal',
      entity,
      localData: ['Your workouts, goals and progress'],
      platformData: [
        { capability: 'health', use: 'to read your steps, workouts and sleep and write the workouts you log' },
        { capability: 'motion', use: 'to count steps when you have no watch' },
        { capability: 'notifications', use: 'to remind you of the goals you set' },
      ],
      processors: [{ id: 'revenuecat' }, { id: 'sentry' }, appflows],
      declarations: { sellsData: false, advertising: false, analytics: false, tracking: false, profiling: false },
      medicalDisclaimer: true,
      terms: { subscriptions: true, minimumAge: 16 },
    },
  },
  {
    id: 'kids_app',
    name: 'App for children',
    description: `Directed at children under ${OPEN_FROM}: no ads, no tracking, no third-party analytics, as the App Store Kids category requires.`,
    config: {
      type: 'legal',
      entity,
      localData: ['Drawings, progress and stickers', 'Parental settings'],
      processors: [appflows],
      declarations: { sellsData: false, advertising: false, analytics: false, tracking: false, profiling: false },
      childrenDirected: true,
      terms: {
        sections: [
          {
            title: 'For parents',
            body: 'This app is made for children. Purchases and links that leave the app sit behind a parental gate.\n\nWrite to us at the contact address in these terms to ask what we hold about your child or to have it deleted.',
          },
        ],
      },
    },
  },
];

import { appStoreUrlOf } from '../../kernel/flows/app-store-url.js';
import type { FlowTemplate, TemplateContext } from '../../kernel/flows/registry.js';
import type { OnboardingConfig } from './onboarding.schema.js';

/*
 * Starting points for the dashboard's gallery and GET /api/v1/flow-templates?type=onboarding.
 * The handoff's App Store URL is the app's own when its promotion metadata has one
 * (onboardingTemplates below); otherwise it is left out, and the `missing_app_store_url`
 * warning tells the owner to set it (a made-up store link would send visitors to someone
 * else's app). Question and option ids are the answer keys the app reads after the claim.
 */

const emailLegal = 'We’ll only email you about your account. Unsubscribe any time.';

export const ONBOARDING_TEMPLATES: FlowTemplate<OnboardingConfig>[] = [
  {
    id: 'quiz_to_plan',
    name: 'Quiz to plan',
    description: 'Four quick questions (goal, level, schedule, equipment) that end in a personal plan; for fitness, learning or habit apps that tailor their first week.',
    config: {
      type: 'onboarding',
      intro: {
        eyebrow: '2-minute quiz',
        title: 'Get a workout plan built around you',
        subtitle: 'Answer four quick questions and we’ll build a plan that fits your goal, your level and your week.',
        startLabel: 'Start the quiz',
      },
      steps: [
        {
          kind: 'question',
          id: 'goal',
          prompt: 'What’s your main goal?',
          required: true,
          autoAdvance: true,
          options: [
            { id: 'lose_weight', label: 'Lose weight', emoji: '🔥' },
            { id: 'build_muscle', label: 'Build muscle', emoji: '💪' },
            { id: 'get_fitter', label: 'Get fitter and healthier', emoji: '❤️' },
            { id: 'reduce_stress', label: 'Feel less stressed', emoji: '🧘' },
          ],
        },
        {
          kind: 'question',
          id: 'level',
          prompt: 'How would you describe your fitness level?',
          required: true,
          autoAdvance: true,
          options: [
            { id: 'beginner', label: 'Just starting out', emoji: '🌱' },
            { id: 'intermediate', label: 'I work out now and then', emoji: '🚶' },
            { id: 'advanced', label: 'I train most weeks', emoji: '🏃' },
          ],
        },
        {
          kind: 'question',
          id: 'days_per_week',
          prompt: 'How many days a week can you train?',
          subtitle: 'Be honest: a plan you keep beats a perfect one.',
          required: true,
          autoAdvance: true,
          options: [
            { id: 'two_days', label: '2 days' },
            { id: 'three_days', label: '3 days' },
            { id: 'four_days', label: '4 days' },
            { id: 'five_plus_days', label: '5 days or more' },
          ],
        },
        {
          kind: 'question',
          id: 'equipment',
          prompt: 'What can you train with?',
          subtitle: 'Pick all that apply.',
          selectMode: 'multi',
          options: [
            { id: 'bodyweight', label: 'Just my body weight', emoji: '🤸' },
            { id: 'dumbbells', label: 'Dumbbells', emoji: '🏋️' },
            { id: 'bands', label: 'Resistance bands', emoji: '🪢' },
            { id: 'gym', label: 'A full gym', emoji: '🏢' },
          ],
        },
        {
          kind: 'email_capture',
          id: 'email',
          title: 'Where should we send your plan?',
          subtitle: 'We’ll email you a copy so you can start before you even open the app.',
          placeholder: 'you@example.com',
          submitLabel: 'Send my plan',
          legal: emailLegal,
        },
      ],
      handoff: {
        title: 'Your plan is ready',
        body: 'Get the app and open it: your plan is waiting, set up from your answers.',
        ctaLabel: 'Get the app',
      },
      hero: { theme: 'gradient', accentColor: '#c2410c' },
    },
  },
  {
    id: 'goal_and_email',
    name: 'Goal + email',
    description: 'One question about why they came and an email address: the shortest funnel that still gives you a lead and a reason to personalise.',
    config: {
      type: 'onboarding',
      intro: {
        eyebrow: 'Free for 7 days',
        title: 'Learn a language in 10 minutes a day',
        subtitle: 'Tell us why you’re learning and we’ll put together your first week of lessons.',
        startLabel: 'Get started',
      },
      steps: [
        {
          kind: 'question',
          id: 'goal',
          prompt: 'Why are you learning?',
          required: true,
          autoAdvance: true,
          options: [
            { id: 'travel', label: 'For travel', emoji: '✈️' },
            { id: 'career', label: 'For my career', emoji: '💼' },
            { id: 'family', label: 'To talk with family and friends', emoji: '👪' },
            { id: 'exam', label: 'For school or an exam', emoji: '🎓' },
            { id: 'fun', label: 'Just for fun', emoji: '🧠' },
          ],
        },
        {
          kind: 'email_capture',
          id: 'email',
          title: 'Where should we send your first week?',
          subtitle: 'One short lesson a day. Miss a day and we pick up where you left off.',
          placeholder: 'you@example.com',
          submitLabel: 'Send my lessons',
          legal: 'By continuing you agree to receive lesson emails. Unsubscribe any time.',
        },
      ],
      handoff: {
        title: 'You’re all set',
        body: 'Your first lesson is waiting in the app. Install it and carry on right where you left off.',
        ctaLabel: 'Get the app',
      },
      hero: { theme: 'minimal', accentColor: '#0e7490' },
    },
  },
  {
    id: 'three_value_screens',
    name: 'Three value screens',
    description: 'Three screens that show what the app does before the download, nothing to fill in; for apps whose value needs explaining, like finance or productivity.',
    config: {
      type: 'onboarding',
      intro: {
        title: 'Take control of your money',
        subtitle: 'See where it goes, plan where it should go, and stop dreading the end of the month.',
        startLabel: 'See how it works',
      },
      steps: [
        {
          kind: 'info',
          id: 'see_spending',
          title: 'Every expense in one place',
          body: 'Connect your accounts and every purchase is sorted into categories automatically. No spreadsheets, no typing.',
          continueLabel: 'Next',
        },
        {
          kind: 'info',
          id: 'plan_budget',
          title: 'A budget you’ll actually keep',
          body: 'Set a limit for each category and get a gentle nudge before you go over, not after.',
          continueLabel: 'Next',
        },
        {
          kind: 'info',
          id: 'reach_goals',
          title: 'Save for what matters',
          body: 'Pick a goal, like a trip or a rainy-day fund, and see how much to put aside each week to get there.',
          continueLabel: 'Get started',
        },
      ],
      handoff: {
        title: 'Ready when you are',
        body: 'Download the app to connect your first account. It takes about two minutes.',
        ctaLabel: 'Download the app',
      },
      hero: { theme: 'dark', accentColor: '#2563eb' },
    },
  },
  {
    id: 'use_case_and_source',
    name: 'Use case + how they found you',
    description: 'Asks what people will use the app for and where they heard of it (the attribution ad dashboards miss), email optional; for productivity and tool apps.',
    config: {
      type: 'onboarding',
      intro: {
        eyebrow: 'Welcome',
        title: 'Let’s set things up for you',
        subtitle: 'Two quick questions so the app opens with the right templates and shortcuts.',
        startLabel: 'Let’s go',
      },
      steps: [
        {
          kind: 'question',
          id: 'use_case',
          prompt: 'What will you use it for?',
          subtitle: 'Pick all that apply.',
          selectMode: 'multi',
          required: true,
          options: [
            { id: 'notes', label: 'Notes and ideas', emoji: '📝' },
            { id: 'tasks', label: 'Tasks and to-dos', emoji: '✅' },
            { id: 'projects', label: 'Planning projects', emoji: '🗂️' },
            { id: 'journal', label: 'A daily journal', emoji: '📔' },
            { id: 'team', label: 'Working with a team', emoji: '👥' },
          ],
        },
        {
          kind: 'question',
          id: 'heard_from',
          prompt: 'How did you hear about us?',
          autoAdvance: true,
          options: [
            { id: 'app_store', label: 'Browsing the App Store' },
            { id: 'friend', label: 'A friend or colleague' },
            { id: 'social', label: 'TikTok, Instagram or YouTube' },
            { id: 'search', label: 'A web search' },
            { id: 'article', label: 'An article or podcast' },
            { id: 'other', label: 'Somewhere else' },
          ],
        },
        {
          kind: 'email_capture',
          id: 'email',
          title: 'Want tips to get started?',
          subtitle: 'Three short emails with the shortcuts our power users swear by.',
          placeholder: 'you@example.com',
          submitLabel: 'Send me tips',
          required: false,
          legal: emailLegal,
        },
      ],
      handoff: {
        title: 'You’re set up',
        body: 'Install the app and open it: your workspace is ready with templates for what you picked.',
        ctaLabel: 'Get the app',
      },
      hero: { theme: 'gradient', accentColor: '#7c3aed' },
    },
  },
];

/** The templates, with the handoff sending web visitors to the app's own store page when known. */
export function onboardingTemplates(ctx: TemplateContext): FlowTemplate<OnboardingConfig>[] {
  const appStoreUrl = appStoreUrlOf(ctx);
  if (!appStoreUrl) return ONBOARDING_TEMPLATES;
  return ONBOARDING_TEMPLATES.map((t) => ({ ...t, config: { ...t.config, handoff: { ...t.config.handoff, appStoreUrl } } }));
}

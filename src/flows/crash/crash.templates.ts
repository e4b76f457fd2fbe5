import type { FlowTemplate } from '../../kernel/flows/registry.js';
import type { CrashConfig } from './crash.schema.js';

/**
 * Starting points for the crash report form (served by GET /api/v1/flow-templates; tested).
 * `beta_testers` keeps the `log_field_web_only` warning on purpose: it is the one template with a
 * log box, and the warning tells the owner that box exists on the hosted page only.
 */
export const CRASH_TEMPLATES: FlowTemplate<CrashConfig>[] = [
  {
    id: 'friendly_crash_page',
    name: 'Friendly crash page',
    description: 'An apologetic page for a consumer app: asks what people were doing and offers to write back once it is fixed.',
    config: {
      type: 'crash',
      intro: {
        title: 'Sorry about that',
        subtitle: 'The app closed unexpectedly. That’s on us, not you. Tell us what you were doing and we’ll track it down.',
        messagePlaceholder: 'e.g. I was saving a photo to an album when the app closed.',
        submitLabel: 'Send report',
        legal: 'The report includes your device model and app version, never your content. Your email is only used to tell you when it’s fixed.',
      },
      emailField: { enabled: true, placeholder: 'you@example.com', required: false },
      // The built-in question is neutral; this one matches the apologetic tone.
      strings: { whatHappened: 'What were you doing when it happened?' },
      colorScheme: 'auto',
      success: {
        title: 'Thank you',
        body: 'Your report is with our developers. Reports like yours are how we find and fix crashes quickly.',
        ctaLabel: 'Check the status page',
        ctaUrl: 'https://example.com/status',
      },
      hero: { theme: 'minimal', accentColor: '#2563eb' },
    },
  },
  {
    id: 'beta_testers',
    name: 'Beta testers',
    description: 'For TestFlight and early-access builds: testers describe the crash and paste a log or the steps to reproduce on the hosted page.',
    config: {
      type: 'crash',
      intro: {
        title: 'Crash in the beta',
        subtitle: 'Thanks for testing! Every crash report from this build goes straight to the developers.',
        messagePlaceholder: 'What did you do right before the crash? Does it happen every time?',
        submitLabel: 'Send to the developers',
        legal: 'Logs can contain file names or account details: remove anything private before sending. Your email is only used to ask about this crash.',
      },
      logField: {
        enabled: true,
        label: 'Crash log or steps to reproduce',
        placeholder: 'Paste the crash log (Settings → Privacy & Security → Analytics & Improvements → Analytics Data) or list the steps: 1. … 2. … 3. …',
      },
      emailField: { enabled: true, placeholder: 'The email you use for TestFlight', required: false },
      colorScheme: 'dark',
      success: { title: 'Got it, thanks!', body: 'We look at every beta crash before the next build goes out.' },
      hero: { theme: 'dark', eyebrow: 'Beta build', accentColor: '#db2777' },
    },
  },
  {
    id: 'minimal',
    name: 'Minimal',
    description: 'One box and a button: no email, no small print, nothing personal collected. Best when the SDK sends crashes on its own.',
    config: {
      type: 'crash',
      intro: {
        title: 'Something went wrong',
        subtitle: 'Tell us what happened and we’ll look into it.',
        messagePlaceholder: 'What were you doing?',
        submitLabel: 'Send',
      },
      success: { title: 'Thanks', body: 'Your report has been sent.' },
      hero: { theme: 'minimal', accentColor: '#0f766e' },
    },
  },
  {
    id: 'game_crash',
    name: 'Game crash',
    description: 'A playful crash page for games: asks which level or mode crashed and promises a fix, in the game’s own tone.',
    config: {
      type: 'crash',
      intro: {
        title: 'Game over (not your fault)',
        subtitle: 'The game crashed. Tell us where it happened and we’ll squash the bug.',
        messagePlaceholder: 'Which level or mode were you in, and what were you doing? e.g. World 3, boss fight, after using a power-up.',
        submitLabel: 'Report the bug',
        legal: 'We only use your email to tell you when the fix is out. Your progress is saved on your device and isn’t sent.',
      },
      emailField: { enabled: true, placeholder: 'you@example.com', required: false },
      strings: { whatHappened: 'Where did it crash?' },
      colorScheme: 'dark',
      success: { title: 'Bug reported!', body: 'Thanks, hero. We’ll squash it in the next update.' },
      hero: { theme: 'gradient', eyebrow: 'Crash report', accentColor: '#9333ea' },
    },
  },
];

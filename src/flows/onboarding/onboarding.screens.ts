import type { PreviewScreen } from '../../kernel/flows/registry.js';
import type { OnboardingConfig } from './onboarding.schema.js';

/** The screens of a funnel, as the dashboard's preview offers them: the intro, each step, the web handoff. */
export function onboardingScreens(c: OnboardingConfig): PreviewScreen[] {
  return [
    { id: 'intro', label: 'Intro' },
    ...c.steps.map((s, i) => ({ id: `step:${i + 1}`, label: `Step ${i + 1}: ${s.kind === 'question' ? s.prompt : s.title}` })),
    { id: 'handoff', label: 'Handoff (the end, on the web)' },
  ];
}

/** A preview screen id as the funnel's screen: a step index, the handoff, or the intro (also for an id it does not have). */
export function onboardingScreenOf(c: OnboardingConfig, id: string | undefined): { kind: 'intro' } | { kind: 'step'; index: number } | { kind: 'handoff' } {
  if (id === 'handoff') return { kind: 'handoff' };
  const m = /^step:([1-9][0-9]?)$/.exec(id ?? '');
  const index = m ? Number(m[1]) - 1 : -1;
  return index >= 0 && index < c.steps.length ? { kind: 'step', index } : { kind: 'intro' };
}

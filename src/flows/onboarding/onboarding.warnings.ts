import type { Warning } from '../../kernel/flows/registry.js';
import { titleFontOf } from '../../kernel/pages/fonts.js';
import type { OnboardingConfig } from './onboarding.schema.js';

/**
 * Advisory only: the draft saves either way.
 * - no_email_capture: nothing links the funnel to a person (answers still reach the app by claim token).
 * - missing_app_store_url: the web funnel's handoff has nowhere to send people without the app.
 * - duplicate_step_id / duplicate_option_id: ids key the answers; duplicates are kept apart by
 *   position (the second `goal` answers as `goal__2`), which an app reading `goal` will not expect.
 * - auto_advance_ignored: autoAdvance only applies to single-select questions.
 * - single_option_question: a question with one option asks nothing.
 * - all_optional_questions: every question can be skipped; the claim may carry no answers.
 * - placeholder_app_store_url: a sample App Store id (id000000000, id123456789).
 * - hero_eyebrow_unused: intro.eyebrow is shown, so the hero's (another one) is not.
 * - unsupported_theme: side_by_side is a two-column form look; the funnel draws it as minimal.
 * - unknown_title_font: a titleFont none of the page's system stacks matches (kernel/pages/fonts.ts).
 */
export function onboardingWarnings(c: OnboardingConfig): Warning[] {
  const out: Warning[] = [];
  const emailAt = c.steps.findIndex((s) => s.kind === 'email_capture');
  if (emailAt < 0) out.push({ code: 'no_email_capture', path: '/steps', message: 'No email_capture step: the funnel collects answers but no email.' });
  if (!c.handoff.appStoreUrl) {
    out.push({ code: 'missing_app_store_url', path: '/handoff/appStoreUrl', message: 'Web visitors without the app have nowhere to go after the funnel: set the App Store URL.' });
  } else if (/\/id(0{6,}|123456789)\b/.test(c.handoff.appStoreUrl)) {
    out.push({ code: 'placeholder_app_store_url', path: '/handoff/appStoreUrl', message: 'This looks like a sample App Store id; use your app’s real URL.' });
  }
  const stepIds = new Map<string, number>();
  c.steps.forEach((s, i) => {
    const first = stepIds.get(s.id);
    if (first !== undefined) {
      out.push({ code: 'duplicate_step_id', path: `/steps/${i}/id`, message: `Step id "${s.id}" is also used by step ${first + 1}; its answer is stored as "${s.id}__${i + 1}".` });
    } else stepIds.set(s.id, i);
    if (s.kind !== 'question') return;
    const optionIds = new Set<string>();
    s.options.forEach((o, j) => {
      if (optionIds.has(o.id)) out.push({ code: 'duplicate_option_id', path: `/steps/${i}/options/${j}/id`, message: `Option id "${o.id}" appears twice in "${s.id}"; the second is stored as "${o.id}__${j + 1}".` });
      optionIds.add(o.id);
    });
    if (s.autoAdvance && s.selectMode === 'multi') out.push({ code: 'auto_advance_ignored', path: `/steps/${i}/autoAdvance`, message: 'autoAdvance only applies to single-select questions; multi always shows Continue.' });
    if (s.options.length === 1) out.push({ code: 'single_option_question', path: `/steps/${i}/options`, message: 'A question with one option asks nothing; add options or make it an info step.' });
  });
  const questions = c.steps.filter((s) => s.kind === 'question');
  if (questions.length > 0 && questions.every((q) => !q.required)) {
    out.push({ code: 'all_optional_questions', path: '/steps', message: 'Every question can be skipped; mark the ones your app relies on as required.' });
  }
  const hero = c.hero;
  if (hero?.eyebrow && c.intro.eyebrow && hero.eyebrow !== c.intro.eyebrow) {
    out.push({ code: 'hero_eyebrow_unused', path: '/hero/eyebrow', message: 'intro.eyebrow is shown above the title; the hero eyebrow is not. Keep one of them.' });
  }
  if (hero?.theme === 'side_by_side') out.push({ code: 'unsupported_theme', path: '/hero/theme', message: 'The funnel is one column: side_by_side is drawn as minimal.' });
  if (hero?.titleFont && !titleFontOf(hero.titleFont)) {
    out.push({ code: 'unknown_title_font', path: '/hero/titleFont', message: `"${hero.titleFont}" is not a font the page can use (it loads no web font), so titles use the system font: name serif, rounded, mono or system.` });
  }
  return out;
}

/**
 * The answer key of each step, and of each option of a question: its id, or `<id>__<position>`
 * (1-based) for a later duplicate, so duplicated ids never overwrite each other's answers.
 */
export function answerKeys(c: OnboardingConfig): { step: string; options: string[] }[] {
  const seen = new Set<string>();
  return c.steps.map((s, i) => {
    const step = seen.has(s.id) ? `${s.id}__${i + 1}` : s.id;
    seen.add(s.id);
    const optionSeen = new Set<string>();
    const options =
      s.kind === 'question'
        ? s.options.map((o, j) => {
            const key = optionSeen.has(o.id) ? `${o.id}__${j + 1}` : o.id;
            optionSeen.add(o.id);
            return key;
          })
        : [];
    return { step, options };
  });
}

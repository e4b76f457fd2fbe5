import type { Issue } from '../../kernel/errors.js';
import type { MessageKey } from '../../kernel/i18n.js';
import { usableScheme } from '../../kernel/sessions/deep-link.js';
import type { Answers } from './onboarding.answers.js';
import { htmlEmail } from '../../kernel/email.js';
import { CLAIM_TOKEN } from './onboarding.runtime.schema.js';
import type { OnboardingConfig, OnboardingStep } from './onboarding.schema.js';
import { answerKeys } from './onboarding.warnings.js';

/**
 * The walk through a funnel, without HTTP: which screens exist, what the page carries between
 * them, and what a button press does. The hosted page (live and preview) is a thin shell
 * around it.
 *
 * Screens: the intro (`step` absent), one per step (`step=1…n`), and the end (`step=done`).
 * Answers are not stored until the end: the page carries them (`Progress`, sealed by the page:
 * kernel/pages/sealed.ts) in every screen's URL and form, and the last step completes the funnel
 * with all of them at once. Answers are keyed by answer keys (onboarding.warnings.ts answerKeys:
 * a later duplicate of an id answers as `<id>__<position>`), so duplicated ids never collide.
 *
 * Form fields: `at` (the screen posted from: 0 the intro, 1…n a step), `b` (the button: `start`,
 * `next`, `skip`, or `pick:<option key>` for an autoAdvance option), `o` (picked option keys,
 * repeated for multi), `email`.
 */

export type Screen = { kind: 'intro' } | { kind: 'step'; index: number } | { kind: 'done' };

/** A step's answer as the page carries it: option indexes (question) or an email ('' = skipped); null = none yet. */
export type Carried = number[] | string | null;

export interface Progress {
  /** The app's URL scheme (the SDK's `scheme=`), validated: the funnel ends in the app. */
  scheme: string | null;
  /** Per step index. */
  answers: Carried[];
  /** On the end screen of a live session: the claim token and when it expires. */
  claimToken?: string;
  expiresAt?: string;
}

export const emptyProgress = (scheme: string | null = null): Progress => ({ scheme, answers: [] });

export const isMulti = (s: OnboardingStep) => s.kind === 'question' && s.selectMode === 'multi';
/** An email step is required unless it says `required: false`; a question only when it says `required: true`. */
export const isRequired = (s: OnboardingStep) => (s.kind === 'email_capture' ? s.required !== false : s.kind === 'question' && s.required === true);
export const autoAdvances = (s: OnboardingStep) => s.kind === 'question' && s.autoAdvance === true && !isMulti(s);

/** The screen a GET asks for (`step`), or undefined when the funnel has no such screen. */
export function screenOf(c: OnboardingConfig, step: string | undefined): Screen | undefined {
  if (step === undefined) return { kind: 'intro' };
  if (step === 'done') return { kind: 'done' };
  if (!/^[1-9][0-9]?$/.test(step)) return undefined;
  const index = Number(step) - 1;
  return index < c.steps.length ? { kind: 'step', index } : undefined;
}

/** The `step` query value of a screen ('' for the intro). */
export const stepParam = (s: Screen) => (s.kind === 'intro' ? '' : s.kind === 'done' ? 'done' : String(s.index + 1));

/** What came back from the browser, kept only where it fits this funnel (a draft may have changed under a preview). */
export function progressFrom(c: OnboardingConfig, raw: unknown): Progress {
  const r = (raw && typeof raw === 'object' ? raw : {}) as { s?: unknown; a?: unknown; c?: unknown; x?: unknown };
  const answers: Carried[] = [];
  const given = Array.isArray(r.a) ? r.a : [];
  c.steps.forEach((step, i) => {
    const v: unknown = given[i];
    let kept: Carried = null;
    if (step.kind === 'question' && Array.isArray(v)) {
      const picked = [...new Set(v.filter((n): n is number => Number.isInteger(n) && n >= 0 && n < step.options.length))];
      kept = isMulti(step) ? picked.sort((a, b) => a - b) : picked.slice(0, 1);
    } else if (step.kind === 'email_capture' && typeof v === 'string' && (v === '' || htmlEmail.safeParse(v).success)) {
      kept = v;
    }
    answers.push(kept);
  });
  while (answers.length && answers[answers.length - 1] === null) answers.pop();
  const p: Progress = { scheme: usableScheme(typeof r.s === 'string' ? r.s : null), answers };
  if (typeof r.c === 'string' && CLAIM_TOKEN.test(r.c) && typeof r.x === 'string' && r.x.length <= 40) Object.assign(p, { claimToken: r.c, expiresAt: r.x });
  return p;
}

/** The JSON the page seals (short keys: it travels in URLs). */
export const progressJson = (p: Progress) => ({
  ...(p.scheme ? { s: p.scheme } : {}),
  a: p.answers,
  ...(p.claimToken ? { c: p.claimToken, x: p.expiresAt } : {}),
});

/** A step's carried answer as the form shows it: the picked option keys, or the email. */
export function prefillOf(c: OnboardingConfig, p: Progress, index: number): string[] | string | undefined {
  const v = p.answers[index];
  if (v === null || v === undefined) return undefined;
  if (typeof v === 'string') return v;
  const keys = answerKeys(c)[index].options;
  return v.map((n) => keys[n]);
}

/** The answers and email as `complete` takes them, keyed by answer keys. Skipped steps are left out. */
export function answersOf(c: OnboardingConfig, p: Progress): { answers: Answers; email?: string } {
  const keys = answerKeys(c);
  const answers: Answers = {};
  let email: string | undefined;
  c.steps.forEach((step, i) => {
    const v = p.answers[i];
    if (step.kind === 'email_capture') {
      if (typeof v === 'string' && v !== '' && email === undefined) email = v;
      return;
    }
    if (step.kind !== 'question' || !Array.isArray(v) || v.length === 0) return;
    const picked = v.map((n) => keys[i].options[n]);
    answers[keys[i].step] = isMulti(step) ? picked : picked[0];
  });
  return email === undefined ? { answers } : { answers, email };
}

export interface Posted {
  b: string;
  o: string[];
  email?: string;
}

export type Outcome =
  | { kind: 'screen'; screen: Screen; progress: Progress }
  /** After the last step: complete the funnel with these. */
  | { kind: 'complete'; progress: Progress }
  /** The same step again with a message (nothing picked on a required step, an email that is not one); `email` as typed. */
  | { kind: 'retry'; index: number; message: MessageKey; email?: string }
  /** A button or option the pinned funnel does not have (a stale or forged form): 400. */
  | { kind: 'invalid'; message: MessageKey };

/** The page's messages: catalog keys (kernel/i18n/en.ts), put in words in the funnel's language. */
export const MESSAGES = {
  pickOne: 'onboardingPickOne',
  pickSome: 'onboardingPickSome',
  emailMissing: 'onboardingEmailMissing',
  emailInvalid: 'onboardingEmailInvalid',
} as const satisfies Record<string, MessageKey>;

const invalid = (message: MessageKey = 'onboardingUnknownButton'): Outcome => ({ kind: 'invalid', message });

/** What pressing button `b` on screen `at` (0 = intro, 1…n = a step) does. */
export function press(c: OnboardingConfig, at: number, form: Posted, progress: Progress): Outcome {
  if (at === 0) return form.b === 'start' ? { kind: 'screen', screen: { kind: 'step', index: 0 }, progress } : invalid();
  const index = at - 1;
  const step = c.steps[index];
  if (!step) return invalid('onboardingNoScreen');
  let answer: Carried;
  if (form.b === 'skip') {
    if (isRequired(step) || step.kind === 'info') return invalid('onboardingNoSkip');
    answer = step.kind === 'email_capture' ? '' : [];
  } else if (step.kind === 'info') {
    if (form.b !== 'next') return invalid();
    answer = null;
  } else if (step.kind === 'email_capture') {
    if (form.b !== 'next') return invalid();
    const typed = (form.email ?? '').trim();
    if (typed === '') {
      if (isRequired(step)) return { kind: 'retry', index, message: MESSAGES.emailMissing, email: '' };
      answer = '';
    } else if (!htmlEmail.safeParse(typed).success) {
      return { kind: 'retry', index, message: MESSAGES.emailInvalid, email: (form.email ?? '').slice(0, 254) };
    } else answer = typed;
  } else {
    const keys = answerKeys(c)[index].options;
    let picked: string[];
    if (form.b.startsWith('pick:')) {
      if (!autoAdvances(step)) return invalid();
      picked = [form.b.slice('pick:'.length)];
    } else if (form.b === 'next') picked = form.o;
    else return invalid();
    const indexes = [...new Set(picked)].map((k) => keys.indexOf(k));
    if (indexes.some((n) => n < 0)) return invalid('onboardingUnknownAnswer');
    if (!isMulti(step) && indexes.length > 1) return invalid('onboardingOneAnswer');
    if (indexes.length === 0 && isRequired(step)) return { kind: 'retry', index, message: isMulti(step) ? MESSAGES.pickSome : MESSAGES.pickOne };
    answer = indexes.sort((a, b) => a - b);
  }
  const answers = [...progress.answers];
  while (answers.length < index) answers.push(null);
  answers[index] = answer;
  const next = { ...progress, answers };
  return index + 1 < c.steps.length ? { kind: 'screen', screen: { kind: 'step', index: index + 1 }, progress: next } : { kind: 'complete', progress: next };
}

/**
 * The step a completion's 422 issues point at (`/answers/<key>`, `/email`), with the page's words
 * for it: an answer missing from the carried progress (a step reached by URL, a state that no
 * longer opens) sends the visitor back there.
 */
export function stepOfIssues(c: OnboardingConfig, issues: Issue[]): { index: number; message: MessageKey } {
  const keys = answerKeys(c);
  for (const issue of issues) {
    const m = /^\/answers\/(.+)$/.exec(issue.path);
    const index = m ? keys.findIndex((k) => k.step === m[1]) : -1;
    if (index >= 0) {
      const step = c.steps[index];
      return { index, message: step.kind === 'email_capture' ? MESSAGES.emailInvalid : isMulti(step) ? MESSAGES.pickSome : MESSAGES.pickOne };
    }
    if (issue.path === '/email' || issue.path === '/answers') {
      const email = c.steps.findIndex((s) => s.kind === 'email_capture' && isRequired(s));
      const any = c.steps.findIndex((s) => s.kind === 'email_capture');
      if (email >= 0 || any >= 0) return { index: email >= 0 ? email : any, message: MESSAGES.emailMissing };
    }
  }
  // Anything else (no step to point at): the first step, with a plain word rather than a validator's.
  return { index: 0, message: 'onboardingCheckAnswers' };
}

/**
 * Where the funnel ends. In the app when the page knows the app's URL scheme: the SDK's `scheme=`
 * (validated), or, for a session the SDK started, the app's deepLinkScheme on file (a client
 * that does not append `scheme=`). A web session without `scheme=` ends on the web: its visitor
 * may not have the app yet, and a deep link would go nowhere.
 *
 * The deep link carries the claim token (the answers and the email), so a `scheme=` nobody
 * vouched for is never followed (#34):
 * - an app with a scheme on file only ever gets that scheme: a crafted link must not hand the
 *   token to whatever other app registered another one;
 * - an app without one takes `scheme=` only in a session the SDK started (`POST
 *   /api/public/onboarding/sessions`: the SDK appends its own urlScheme, WIRE D), and only a
 *   scheme an app may own (`usableScheme`: never a refused one such as `smb`, `steam`,
 *   `itms-services`). A web session (`/onboarding/<app>?scheme=…`, a link anyone can craft)
 *   ends on the web whatever `scheme=` says.
 */
export function endScheme(progress: Progress, sessionSource: string, appScheme: string | null): string | null {
  const own = usableScheme(appScheme);
  if (own) return progress.scheme === own || sessionSource === 'sdk' ? own : null;
  return sessionSource === 'sdk' ? (progress.scheme ?? null) : null;
}

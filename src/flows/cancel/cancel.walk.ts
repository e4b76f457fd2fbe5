import type { MessageKey } from '../../kernel/i18n.js';
import type { CancelButton, CancelConfig } from './cancel.schema.js';
import type { Step } from './cancel.sessions.js';

/**
 * The walk through a cancel flow, without HTTP: which screens exist, and what pressing a button
 * does (the next screen or an exit, and the steps to record). The hosted page (live and
 * preview) is a thin shell around it.
 *
 * Button refs, the `b` field of every form and the `key` of `click` steps:
 * `intro:primary` (on to the reasons), `intro:secondary` (keep the plan: return_to_app),
 * `reason:<id>` (a reason button, single mode with autoAdvance), `reasons:continue` (the picked
 * `reason` field(s)), `response:<id>:primary|secondary`, `thanks:return` (back to the app) and
 * `escape` (manage_subscription, on every screen).
 */

export type Screen = { step: 'intro' } | { step: 'reasons' } | { step: 'response'; reason: string } | { step: 'thanks' };
export type StepName = Screen['step'];

/** What an exit fires: a config button, or one of the page's own (keep my plan, back to the app, the escape hatch). */
export type ExitButton = Pick<CancelButton, 'action'> & Partial<Record<'offerId' | 'paywallId' | 'supportTopic' | 'message' | 'featureId' | 'url', string>>;

export interface Recorded {
  step: Step;
  key: string;
  detail: string | null;
}

export type Outcome =
  | { kind: 'screen'; screen: Screen; record: Recorded[] }
  | { kind: 'exit'; button: ExitButton; ref: string; from: Screen; record: Recorded[] }
  /** Nothing picked: the reasons come back with a message (nothing recorded). Messages are catalog keys (kernel/i18n/en.ts). */
  | { kind: 'retry'; message: MessageKey }
  /** A ref or reason id the pinned config does not have (a stale or forged form): 400, nothing recorded. */
  | { kind: 'invalid'; message: MessageKey };

export const ESCAPE: ExitButton = { action: 'manage_subscription' };
const RETURN: ExitButton = { action: 'return_to_app' };

export const isMulti = (c: CancelConfig) => c.reasonScreen.selectMode === 'multi';
export const hasReason = (c: CancelConfig, id: string) => c.reasonScreen.reasons.some((r) => r.id === id);
/** The response screen of a reason, if it has one (a reason without one goes to the thanks screen). */
export const responseOf = (c: CancelConfig, id: string) => (Object.hasOwn(c.responses ?? {}, id) ? c.responses[id] : undefined);
export const showBack = (c: CancelConfig) => c.showBackButton !== false;

/** The screen a GET asks for (`step`, `reason`), or undefined when the config has no such screen. */
export function screenOf(c: CancelConfig, step: string | undefined, reason: string | undefined): Screen | undefined {
  switch (step ?? 'intro') {
    case 'intro':
    case 'reasons':
    case 'thanks':
      return { step: (step ?? 'intro') as 'intro' | 'reasons' | 'thanks' };
    case 'response':
      return reason && hasReason(c, reason) && responseOf(c, reason) ? { step: 'response', reason } : undefined;
    default:
      return undefined;
  }
}

/** Steps recorded when a screen is shown: opened (intro), response (its reason), thanks. */
export function viewed(screen: Screen): Recorded | undefined {
  if (screen.step === 'intro') return { step: 'opened', key: '', detail: null };
  if (screen.step === 'response') return { step: 'response', key: screen.reason, detail: null };
  if (screen.step === 'thanks') return { step: 'thanks', key: '', detail: null };
  return undefined;
}

const click = (ref: string, detail: string): Recorded => ({ step: 'click', key: ref, detail });
const exit = (from: Screen, ref: string, button: ExitButton): Outcome => ({
  kind: 'exit',
  button,
  ref,
  from,
  record: [click(ref, button.action), { step: 'exit', key: '', detail: button.action }],
});

/** After the reasons: single mode shows the pick's response (thanks when it has none); multi skips to thanks. */
function picked(c: CancelConfig, ids: string[]): Outcome {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return { kind: 'retry', message: isMulti(c) ? 'cancelPickSome' : 'cancelPickOne' };
  const unknown = unique.find((id) => !hasReason(c, id));
  if (unknown !== undefined) return { kind: 'invalid', message: 'cancelUnknownReason' };
  if (!isMulti(c) && unique.length > 1) return { kind: 'invalid', message: 'cancelOneReason' };
  const record = unique.map((id): Recorded => ({ step: 'reason', key: id, detail: null }));
  const next: Screen = !isMulti(c) && responseOf(c, unique[0]) ? { step: 'response', reason: unique[0] } : { step: 'thanks' };
  return { kind: 'screen', screen: next, record };
}

/** What pressing button `ref` does (with the `reason` values the form sent). */
export function press(c: CancelConfig, ref: string, reasons: string[]): Outcome {
  if (ref === 'intro:primary') return { kind: 'screen', screen: { step: 'reasons' }, record: [click(ref, 'continue')] };
  if (ref === 'intro:secondary') return exit({ step: 'intro' }, ref, RETURN);
  if (ref === 'escape') return exit({ step: 'intro' }, ref, ESCAPE);
  if (ref === 'thanks:return') return exit({ step: 'thanks' }, ref, RETURN);
  if (ref === 'reasons:continue') return picked(c, reasons);
  if (ref.startsWith('reason:')) return picked(c, [ref.slice('reason:'.length)]);
  const m = /^response:([a-z][a-z0-9_]*):(primary|secondary)$/.exec(ref);
  const response = m ? responseOf(c, m[1]) : undefined;
  const button = m && response ? (m[2] === 'primary' ? response.primaryButton : response.secondaryButton) : undefined;
  if (!m || !response || !button || !hasReason(c, m[1])) return { kind: 'invalid', message: 'cancelUnknownButton' };
  const here: Screen = { step: 'response', reason: m[1] };
  // Opt-in thanks screen: the click counts, nothing fires (SPEC "Cancel config").
  if (response.showThanksScreen) return { kind: 'screen', screen: { step: 'thanks' }, record: [click(ref, button.action)] };
  if (button.action === 'none') return { kind: 'screen', screen: here, record: [click(ref, 'none')] };
  return exit(here, ref, button);
}

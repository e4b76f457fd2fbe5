import type { Warning } from '../../kernel/flows/registry.js';
import { NAVIGATING_ACTIONS, type CancelButton, type CancelConfig } from './cancel.schema.js';

// Labels that promise to take the user somewhere; a thanks screen would swallow that promise.
const DESTINATION_LABEL = /\b(open|go|view|see|show|visit|take me|claim|get|redeem|contact|talk|chat|upgrade|switch|try|learn more|read|browse|manage)\b/i;
const PLACEHOLDER_ID = /^(offer|offer[-_]?id|promo|promo[-_]?id|feature|feature[-_]?id|test|testing|example|sample|demo|default|placeholder|todo|tbd|xxx+|abc|123|foo|bar|id|my[-_]?\w*|your[-_]?\w*)$|placeholder|example|changeme|replace[-_]?me/i;
const PLACEHOLDER_URL = /^https:\/\/(www\.)?(example\.(com|org|net)|your[-_]?\w*\.\w+|domain\.com|test\.com)(\/|$)/i;

export function cancelWarnings(config: CancelConfig): Warning[] {
  const out: Warning[] = [];
  const reasons = config.reasonScreen.reasons;
  const multi = config.reasonScreen.selectMode === 'multi';
  const responses = config.responses ?? {};

  if (multi && Object.keys(responses).length > 0) {
    out.push({
      code: 'responses_unused_in_multi_mode',
      path: '/responses',
      message: 'selectMode is "multi": users go straight to the thanks screen, so per-reason responses are never shown.',
    });
  }
  if (!multi) {
    reasons.forEach((r, i) => {
      if (!responses[r.id]) {
        out.push({ code: 'missing_response', path: `/reasonScreen/reasons/${i}`, message: `Reason "${r.id}" has no response screen; users who pick it go straight to the thanks screen.` });
      }
    });
  }
  for (const id of Object.keys(responses)) {
    if (!reasons.some((r) => r.id === id)) {
      out.push({ code: 'orphan_response', path: `/responses/${id}`, message: `Response "${id}" matches no reason id and is never shown.` });
    }
  }

  for (const [id, resp] of Object.entries(responses)) {
    const buttons: [string, CancelButton | undefined][] = [
      ['primaryButton', resp.primaryButton],
      ['secondaryButton', resp.secondaryButton],
    ];
    for (const [key, b] of buttons) {
      if (!b) continue;
      const path = `/responses/${id}/${key}`;
      if (resp.showThanksScreen && ((NAVIGATING_ACTIONS as readonly string[]).includes(b.action) || DESTINATION_LABEL.test(b.label))) {
        out.push({
          code: 'thanks_screen_blocks_navigation',
          path,
          message: `"${b.label}" promises to take the user somewhere, but showThanksScreen is on: the click is recorded and a thanks screen is shown instead.`,
        });
      }
      if (b.action === 'open_offer' && PLACEHOLDER_ID.test(b.offerId)) {
        out.push({ code: 'placeholder_offer_id', path: `${path}/offerId`, message: `"${b.offerId}" looks like a placeholder; use the offer id your app presents.` });
      }
      if (b.action === 'open_feature' && PLACEHOLDER_ID.test(b.featureId)) {
        out.push({ code: 'placeholder_feature_id', path: `${path}/featureId`, message: `"${b.featureId}" looks like a placeholder; use a feature id your app recognises.` });
      }
      if (b.action === 'external_url' && PLACEHOLDER_URL.test(b.url)) {
        out.push({ code: 'placeholder_external_url', path: `${path}/url`, message: `"${b.url}" looks like a placeholder URL.` });
      }
    }
  }
  return out;
}

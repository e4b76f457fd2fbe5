import { SWISS_AUTHORITY } from './legal.authorities.js';
import { dataFlows, fadpOnly, legalBases } from './legal.law.js';
import { requestMethods, type LawFacts } from './legal.policy.law.js';
import type { Inline } from './text/types.js';

/**
 * The policy's blocks when only the Swiss FADP applies (`swissLawOnItsOwn`, legal.edition-features.ts). The revised FADP (in
 * force since 1 September 2023) has no list of legal bases like GDPR Art. 6: processing that keeps
 * to its principles is lawful unless it unlawfully infringes personality, and only then needs a
 * justification (Art. 31). So the policy states the purposes, recipients, countries and
 * safeguards (Art. 19) and the FADP's own rights and authority instead of citing the GDPR.
 */

type Block = { p: Inline[] } | { list: Inline[][] };
const p = (...parts: Inline[]): Block => ({ p: parts });

/** "Purposes of processing": instead of "Legal bases". */
export function fadpPurposesBlocks({ T, L, laws, c, frozen, features }: LawFacts): Block[] {
  if (!features.swissLawOnItsOwn || !fadpOnly(laws)) return [];
  const bases = legalBases(c, frozen, true);
  if (!bases.length) return [];
  return [
    p(L.fadpPurposesIntro),
    { list: bases.map(([purpose]) => [L.purposeHeadings[purpose]]) },
    ...(frozen.processors.length ? [p(L.fadpRecipients({ recipients: T.policyTitles['leaves-device'], transfers: L.titles.transfers }))] : []),
    p(L.fadpLawful),
    ...(bases.some(([, b]) => b === 'consent') ? [p(L.fadpConsent)] : []),
    ...(dataFlows(c, frozen).some((f) => f.kind === 'health') ? [p(L.fadpHealth)] : []),
    p(L.provisionRequirement),
  ];
}

/** "Your rights" under the FADP: access, portability, rectification, erasure and objection, the FDPIC. */
export function fadpRightsBlocks(facts: LawFacts): Block[] {
  const { L, laws, c, contact, features } = facts;
  if (!features.swissLawOnItsOwn || !fadpOnly(laws)) return [];
  const a = c.gdpr?.authority ?? SWISS_AUTHORITY;
  return [
    p(L.fadpRightsIntro),
    { list: L.fadpRightsList.map((x) => [x]) },
    ...(c.declarations.profiling ? [p(L.fadpAutomatedDecisions)] : []),
    p(...L.fadpRightsHow({ contact })),
    ...requestMethods(facts, false),
    p(...L.fadpAuthority({ authority: { text: a.name, href: a.url } })),
  ];
}

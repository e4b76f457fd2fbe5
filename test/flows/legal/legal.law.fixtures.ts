import { freeze, type PublishedFlowFacts } from '../../../src/flows/legal/legal.declaration.js';
import { privacySections, type Section } from '../../../src/flows/legal/legal.policy.js';
import { legalConfig, type LegalConfig } from '../../../src/flows/legal/legal.schema.js';
import { LAW_TEXTS, LEGAL_TEXTS, TEXT_EDITION } from '../../../src/flows/legal/text/index.js';
import { goodLegal } from './legal.fixtures.js';

/** Helpers of the law-section tests: a policy rendered from `goodLegal` facts, and its visible text. */

const feedback: PublishedFlowFacts = { type: 'feedback', slug: 'feedback', versionNumber: 1, config: { emailField: { enabled: true } } };

/** The policy's sections for `goodLegal(over)` with a published feedback flow (Appflows receives email and content). */
export function policy(over: Record<string, unknown>, lang = 'en', edition = TEXT_EDITION): Section[] {
  const config = legalConfig.parse(goodLegal(over)) as LegalConfig;
  return privacySections({ appName: 'Sleepy', config, frozen: freeze(config, [feedback]), text: LEGAL_TEXTS[lang as 'en'], law: LAW_TEXTS[lang], edition });
}

/** The visible text of sections (all, or the one with `id`), links as their text. */
export function read(s: Section[], id?: string): string {
  const inline = (parts: (string | { text: string })[]) => parts.map((x) => (typeof x === 'string' ? x : x.text)).join('');
  return s
    .filter((x) => !id || x.id === id)
    .flatMap((x) => [x.title, ...x.blocks.flatMap((b) => ('p' in b ? [inline(b.p)] : 'list' in b ? b.list.map(inline) : []))])
    .join('\n');
}

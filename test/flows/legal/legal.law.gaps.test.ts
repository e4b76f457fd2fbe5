import { describe, expect, it } from 'vitest';
import { LAW_TEXTS, LEGAL_TEXTS, TEXT_LOCALES } from '../../../src/flows/legal/text/index.js';
import { policy, read } from './legal.law.fixtures.js';

/**
 * The gaps the privacy review of edition 3 left open (#36, docs/legal.md "Known gaps"), each in
 * every language: national cookie laws beyond Germany and France.
 */

const analytics = { sellsData: false, advertising: false, analytics: true, tracking: false, profiling: false };
const owner = (jurisdiction: string) => ({
  entity: { name: 'Sleepy SL', contactEmail: 'privacy@sleepy.example', jurisdiction },
  processors: [{ id: 'firebase' }, { id: 'onesignal' }],
  declarations: analytics,
  gdpr: { consent: ['analytics'] },
});

describe('device access: the national law beside ePrivacy Art. 5(3), by the owner’s country', () => {
  const cites: [string, string, RegExp][] = [
    ['Spain', 'ES', /22/],
    ['Italy', 'IT', /122/],
    ['Netherlands', 'NL', /11\.7a/],
    ['Austria', 'AT', /165/],
  ];
  it.each(TEXT_LOCALES)('%s: Spain (LSSI art. 22.2), Italy (Codice art. 122), the Netherlands (Tw art. 11.7a), Austria (TKG 2021 § 165)', (lang) => {
    const L = LAW_TEXTS[lang]!;
    const plain = L.deviceAccessLaw({ eu: true, uk: false });
    for (const [jurisdiction, country, article] of cites) {
      const law = L.deviceAccessLaw({ eu: true, uk: false, country });
      expect(law).toMatch(article);
      expect(law).not.toBe(plain);
      const claims = read(policy(owner(jurisdiction), lang), 'claims');
      expect(claims).toContain(L.deviceAccessConsent({ law, services: LEGAL_TEXTS[lang as 'en'].list(['Firebase (Google)']) }));
    }
    // Each country its own law only; an owner elsewhere in the EEA cites the Directive alone.
    expect(L.deviceAccessLaw({ eu: true, uk: false, country: 'ES' })).not.toMatch(/122|TDDDG/);
    expect(L.deviceAccessLaw({ eu: true, uk: false, country: 'BE' })).toBe(plain);
  });

  it('English wording', () => {
    const claims = (j: string) => read(policy(owner(j)), 'claims');
    expect(claims('Spain')).toContain('(Art. 5(3) of the ePrivacy Directive and Art. 22(2) of the Spanish LSSI (Ley 34/2002))');
    expect(claims('Italy')).toContain('and Art. 122 of the Italian Codice della privacy (Legislative Decree 196/2003))');
  });
});

import { lawsOf, salesAndSharing } from './legal.law.js';
import type { Frozen, LegalConfig } from './legal.schema.js';

/**
 * Advisory findings about what a privacy law asks of the owner beyond what the policy can say
 * (legal.warnings.ts lists them with the others). Never refuse: only the owner knows the app.
 * - us_opt_out_email_only: data is sold or shared under US state law and the only opt-out is an
 *   email; the CCPA regulations (11 CCR § 7026(a)) ask a business that collects online for an
 *   interactive "Do Not Sell or Share" form or link, which `entity.privacyRequestUrl` names (a
 *   phone number alone does not meet it).
 * - children_consent_method: COPPA wording says verifiable parental consent is obtained, but the
 *   config has no field for how; the owner must make it true.
 * - children_operator_contact: COPPA's notice names the operator's postal address, telephone number
 *   and email (16 CFR 312.4(d)(1)); the policy prints what `entity` gives, so a missing one is a gap.
 */
export function lawWarnings(c: LegalConfig, frozen: Frozen): { code: string; path: string; message: string }[] {
  const out: { code: string; path: string; message: string }[] = [];
  const laws = lawsOf(c);
  if (laws.us && !salesAndSharing(c, frozen).neither && !c.entity.privacyRequestUrl) {
    out.push({
      code: 'us_opt_out_email_only',
      path: '/entity/privacyRequestUrl',
      message:
        'Data is sold or shared (CCPA/CPRA) and the only way to opt out is an email: US state law asks for a "Do Not Sell or Share My Personal Information" link or web form as well (Global Privacy Control is honoured already). Set entity.privacyRequestUrl to that form; the policy prints it beside the email.',
    });
  }
  if (laws.us && c.childrenDirected) {
    out.push({
      code: 'children_consent_method',
      path: '/childrenDirected',
      message:
        'The policy says verifiable parental consent is obtained before personal information is collected from a child under 13, unless a COPPA exception applies (16 CFR 312.5(c)); the config cannot record how. Make that true in the app with a method the FTC accepts (16 CFR 312.5(b)) and describe it to parents when you ask for consent.',
    });
  }
  const e = c.entity;
  const missing = [!e.address && 'address', !e.tollFreeNumber && 'tollFreeNumber', !e.contactEmail && 'contactEmail'].filter((x): x is string => !!x);
  if (laws.us && c.childrenDirected && missing.length) {
    out.push({
      code: 'children_operator_contact',
      path: `/entity/${missing[0]}`,
      message: `COPPA's notice to parents names the operator's postal address, telephone number and email (16 CFR 312.4(d)(1)); the policy prints what the entity gives. Missing: ${missing.map((m) => `entity.${m}`).join(', ')}.`,
    });
  }
  return out;
}

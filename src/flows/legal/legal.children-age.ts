/**
 * The age under which the generated text counts a user as a child, in one place because three
 * things must agree on it: the policy's "Children" section says an app not directed at children is
 * not directed at children under it (text `notForChildren`), `childrenDirected` means directed at
 * users under it, and without a minimum age (`terms.minimumAge`) the app is taken as open from it
 * when the GDPR Art. 8 ages of consent are listed (legal.law.ts `consentAges`).
 *
 * Every published edition (0 to 3) says 13 in every language; versions render with today's code,
 * so another value would change published documents: it needs a new edition that passes its own.
 * COPPA's and the CCPA's ages (text/law.*.ts) are the statutes' own, not this one.
 */
export const OPEN_FROM = 13;

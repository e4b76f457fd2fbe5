/**
 * The age of digital consent (GDPR Art. 8(1)): below it, where consent is the legal basis for
 * an information society service offered directly to a child, consent must be given or
 * authorised by the holder of parental responsibility. 16 unless a member state set a lower age
 * (not below 13); the UK set 13 (Data Protection Act 2018 s. 9). By ISO 3166-1 code, one source
 * line each. "SWD" is the Commission's Staff Working Document SWD(2020) 115 final accompanying
 * its two-year GDPR evaluation, p. 17 (its table of the ages, checked against the national act
 * named where we had it). Where we could not confirm an age we say so and use 16, the GDPR's own.
 */

export type ConsentAge = 13 | 14 | 15 | 16;
export interface ConsentAgeEntry {
  age: ConsentAge;
  /** Where the age comes from. */
  source: string;
}

export const DIGITAL_CONSENT_AGE: Record<string, ConsentAgeEntry> = {
  AT: { age: 14, source: 'Datenschutzgesetz (DSG) § 4(4); SWD' },
  BE: { age: 13, source: 'Law of 30 July 2018 on the protection of natural persons, Art. 7; SWD' },
  BG: { age: 14, source: 'Personal Data Protection Act, Art. 25c (as amended 2019); SWD' },
  HR: { age: 16, source: 'Act on the Implementation of the GDPR (NN 42/2018), Art. 19; SWD' },
  CY: { age: 14, source: 'Law 125(I)/2018, s. 8; SWD' },
  CZ: { age: 15, source: 'Act No. 110/2019 Coll. on the processing of personal data, s. 7; SWD' },
  DK: { age: 13, source: 'Databeskyttelsesloven § 6(2); SWD' },
  EE: { age: 13, source: 'Isikuandmete kaitse seadus § 8; SWD' },
  FI: { age: 13, source: 'Tietosuojalaki 1050/2018 § 5; SWD' },
  FR: { age: 15, source: 'Loi Informatique et Libertés, art. 45 (as amended 2018); SWD' },
  DE: { age: 16, source: 'no national derogation (GDPR Art. 8(1)); SWD' },
  GR: { age: 15, source: 'Law 4624/2019, Art. 21; SWD' },
  HU: { age: 16, source: 'no lower age set; SWD' },
  IE: { age: 16, source: 'Data Protection Act 2018, s. 31; SWD' },
  IT: { age: 14, source: 'Codice in materia di protezione dei dati personali, art. 2-quinquies; SWD' },
  LV: { age: 13, source: 'Personal Data Processing Law, s. 33; SWD' },
  LT: { age: 14, source: 'Law on Legal Protection of Personal Data, Art. 6; SWD' },
  LU: { age: 16, source: 'no lower age set (Law of 1 August 2018); SWD' },
  MT: { age: 13, source: 'S.L. 586.11, Processing of Child’s Personal Data in relation to the Offer of Information Society Services Regulations, reg. 3; SWD' },
  NL: { age: 16, source: 'Uitvoeringswet AVG, Art. 5; SWD' },
  PL: { age: 16, source: 'no lower age set; SWD' },
  PT: { age: 13, source: 'Lei n.º 58/2019, art. 16; SWD' },
  RO: { age: 16, source: 'no lower age set (Law 190/2018); SWD' },
  SK: { age: 16, source: 'Act No. 18/2018 Coll., § 15; SWD' },
  // Not in the SWD's table (its act came later): ZVOP-2 (2022) Art. 8 is reported to set 15, which we
  // could not confirm here, so the GDPR's 16 until it is checked.
  SI: { age: 16, source: 'unconfirmed: ZVOP-2 Art. 8 reportedly 15; GDPR default used' },
  ES: { age: 14, source: 'Ley Orgánica 3/2018 (LOPDGDD), art. 7; SWD' },
  SE: { age: 13, source: 'Lag (2018:218) med kompletterande bestämmelser till EU:s dataskyddsförordning, 2 kap. 4 §; SWD' },
  // EEA (not in the SWD, which covers the EU).
  IS: { age: 13, source: 'Act No. 90/2018 on Data Protection, Art. 10' },
  NO: { age: 13, source: 'Personopplysningsloven § 5' },
  // We found no statement of Liechtenstein's choice: the GDPR's 16.
  LI: { age: 16, source: 'unconfirmed: no national age found; GDPR default used' },
  GB: { age: 13, source: 'Data Protection Act 2018, s. 9 (UK GDPR Art. 8)' },
};

/** The GDPR's own age, for a country the table does not hold. */
export const DEFAULT_CONSENT_AGE: ConsentAge = 16;

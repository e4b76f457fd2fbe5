/**
 * What each edition's text does, by name: the code asks `features.swissLawOnItsOwn`, not
 * `edition >= 3`, so a reader sees what a branch is for. An edition is its predecessor plus what
 * it introduces (it could also turn a feature off); a published edition's row never changes, as
 * its versions must render byte for byte forever (legal.edition.ts).
 */
export interface EditionFeatures {
  /** Derives from the data-flow model (legal.model.ts), not the per-source answers of before (edition 1). */
  dataFlowModel: boolean;
  /** The law sections: legal bases, transfers, retention, GDPR rights, US privacy, COPPA; without, no law applies (edition 2). */
  lawSections: boolean;
  /** A processor's description in the text's language (preset's or generic), not the frozen English default (edition 2). */
  translatedDescriptions: boolean;
  /** "Only what is listed here leaves" names the services that use data for themselves (edition 2). */
  namesIndependentControllers: boolean;
  /** The "English prevails" notice on a translation when the owner keeps English authoritative (edition 2). */
  englishPrevailsNotice: boolean;
  /** Crash data for app functionality is "crash reporting", in "Receives:" lines and as its own legal basis (edition 3). */
  crashReportingPurpose: boolean;
  /** "It can be linked to you" per data type as the App Store answers it, not the processor's own answer (edition 3). */
  linkedPerDataType: boolean;
  /** The children's paragraph without "we collect no more than the app needs to work" (edition 3). */
  childrenWithoutMinimalDataClaim: boolean;
  /** The terms' liability paragraph adds what is never excluded (intent, gross negligence, death, injury) (edition 3). */
  liabilityCarveOuts: boolean;
  /** The privacy request form, and in the US the toll-free number, beside the email (edition 3). */
  requestFormAndPhone: boolean;
  /** The Swiss representative (Art. 14 FADP) named where the FADP applies (edition 3). */
  swissRepresentative: boolean;
  /** The Swiss FADP alone: its purposes and own rights and authority instead of GDPR legal bases and rights (edition 3). */
  swissLawOnItsOwn: boolean;
  /** Swiss residents' FADP beside the GDPR: a line under the legal bases and the FADP rights with the FDPIC (edition 3). */
  swissLawBesideGdpr: boolean;
  /** The ages of digital consent (GDPR Art. 8) per country where consent is a basis (edition 3). */
  consentAgesPerCountry: boolean;
  /** Post-mortem directives in the rights when the owner is in France (edition 3). */
  frenchPostMortem: boolean;
  /** EU / UK: which services store or read an identifier on the device, with consent or as needed (edition 3). */
  deviceAccess: boolean;
  /** CCPA categories with the kinds collected in them, not their generic examples (edition 3). */
  ccpaCollectedKinds: boolean;
  /** CCPA: each category and the processors it was disclosed to for a business purpose (edition 3). */
  ccpaDisclosedRecipients: boolean;
  /** CCPA: consumers under 16 (no sale, or opt-in) (edition 3). */
  ccpaUnder16: boolean;
  /** CalOPPA: how the app answers "Do Not Track" and who tracks through it (edition 3). */
  doNotTrack: boolean;
  /** COPPA: the operator's contact details (edition 3). */
  coppaOperatorContact: boolean;
  /** COPPA: verifiable consent stated as the obligation, without claiming how it is obtained (edition 3). */
  coppaVerifiableConsent: boolean;
  /** COPPA: whether children can make personal information public (edition 3). */
  coppaPublicPosts: boolean;
  /** COPPA: consent to disclosure to third parties apart from collection (edition 3). */
  coppaThirdPartyConsent: boolean;
}

const edition0: EditionFeatures = {
  dataFlowModel: false,
  lawSections: false,
  translatedDescriptions: false,
  namesIndependentControllers: false,
  englishPrevailsNotice: false,
  crashReportingPurpose: false,
  linkedPerDataType: false,
  childrenWithoutMinimalDataClaim: false,
  liabilityCarveOuts: false,
  requestFormAndPhone: false,
  swissRepresentative: false,
  swissLawOnItsOwn: false,
  swissLawBesideGdpr: false,
  consentAgesPerCountry: false,
  frenchPostMortem: false,
  deviceAccess: false,
  ccpaCollectedKinds: false,
  ccpaDisclosedRecipients: false,
  ccpaUnder16: false,
  doNotTrack: false,
  coppaOperatorContact: false,
  coppaVerifiableConsent: false,
  coppaPublicPosts: false,
  coppaThirdPartyConsent: false,
};
const edition1: EditionFeatures = { ...edition0, dataFlowModel: true };
const edition2: EditionFeatures = { ...edition1, lawSections: true, translatedDescriptions: true, namesIndependentControllers: true, englishPrevailsNotice: true };
const edition3: EditionFeatures = {
  ...edition2,
  crashReportingPurpose: true,
  linkedPerDataType: true,
  childrenWithoutMinimalDataClaim: true,
  liabilityCarveOuts: true,
  requestFormAndPhone: true,
  swissRepresentative: true,
  swissLawOnItsOwn: true,
  swissLawBesideGdpr: true,
  consentAgesPerCountry: true,
  frenchPostMortem: true,
  deviceAccess: true,
  ccpaCollectedKinds: true,
  ccpaDisclosedRecipients: true,
  ccpaUnder16: true,
  doNotTrack: true,
  coppaOperatorContact: true,
  coppaVerifiableConsent: true,
  coppaPublicPosts: true,
  coppaThirdPartyConsent: true,
};

/** Each edition's features, by edition number (text/index.ts TEXT_EDITION is the last). */
export const EDITION_FEATURES: readonly EditionFeatures[] = [edition0, edition1, edition2, edition3];

/** The features of an edition; one past the table (never published) reads as the newest, anything else (below 0, not a number) as 0, as the numeric comparisons did. */
export function editionFeatures(edition: number): EditionFeatures {
  return EDITION_FEATURES[edition >= 0 ? Math.min(Math.floor(edition), EDITION_FEATURES.length - 1) : 0]!;
}

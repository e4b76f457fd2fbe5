import { personIn, withPhone } from './law.person.js';
import type { LawText } from './law.types.js';

/**
 * French (France), the law sections. An AI translation by the Appflows team, to be reviewed by a
 * native legal professional before it is relied on.
 *
 * Terminology: the official French version of the GDPR (RGPD) — consentement, exécution d’un
 * contrat, obligation légale, intérêts légitimes, catégories particulières de données à caractère
 * personnel, consentement explicite, retrait du consentement, décision d’adéquation, garanties
 * appropriées, droit d’accès, de rectification, à l’effacement, à la limitation du traitement, à
 * la portabilité, droit d’opposition, prospection, autorité de contrôle, introduire une
 * réclamation, représentant dans l’Union, délégué à la protection des données; the Commission's
 * French names for the clauses contractuelles types (2021/914) and the cadre de protection des
 * données UE–États-Unis; the PFPDT for the Swiss FDPIC. Articles are cited in the Official
 * Journal's style (« art. 6, paragraphe 1, point a), du RGPD »).
 *
 * Decisions:
 * - Formal address (vous) and « application », as in the first part (fr.ts).
 * - The UK GDPR keeps its English name (no official French one); US statutes (CCPA, CPRA, COPPA)
 *   too, explained on first mention. CCPA "personal information" is « informations
 *   personnelles », kept apart from the RGPD's « données à caractère personnel ».
 * - The opt-out subject line is French (« Ne pas vendre ni partager mes informations
 *   personnelles »): the reader writes it; any wording that asks to opt out is a valid request.
 * - Where a processor works is given as « (lieu de traitement : …) » so no preposition (en, au,
 *   aux) has to agree with the place names.
 * - French typography: a no-break space (U+00A0) before « : » and « ; » and inside « ».
 */

const person = personIn();

/** The law's name with its article: "du RGPD", "du RGPD et du UK GDPR" (`du`), "le RGPD …" (`le`). */
const withArticle = (article: string) => (law: string) => law.split(' et ').map((x) => `${article} ${x}`).join(' et ');
const du = withArticle('du');
const le = withArticle('le');

/** National laws on storing or reading information on the device beside ePrivacy Art. 5(3), by the owner's country. */
const DEVICE_ACCESS_NATIONAL: Record<string, string> = {
  FR: 'article 82 de la loi Informatique et Libertés',
  DE: '§ 25 de la loi allemande TDDDG',
  ES: 'article 22, paragraphe 2, de la loi espagnole LSSI (Ley 34/2002)',
  IT: 'article 122 du Codice della privacy italien (décret législatif 196/2003)',
  NL: 'article 11.7a de la Telecommunicatiewet néerlandaise',
  AT: '§ 165 de la loi autrichienne TKG 2021',
};

export const lawFr: LawText = {
  titles: {
    'legal-bases': 'Bases légales',
    purposes: 'Finalités du traitement',
    transfers: 'Transferts hors de l’EEE, du Royaume-Uni et de la Suisse',
    'us-privacy': 'Vos droits au titre des lois des États américains sur la protection de la vie privée',
  },

  postalAddress: ({ address }) => `Adresse postale\u00a0: ${address}.`,
  dpo: (p) => ['Coordonnées de notre délégué à la protection des données : ', ...person(p), '.'],
  euRepresentative: (p) => ['Notre représentant dans l’Union européenne (art. 27 du RGPD) : ', ...person(p), '.'],
  ukRepresentative: (p) => ['Notre représentant au Royaume-Uni (art. 27 du UK GDPR) : ', ...person(p), '.'],
  swissRepresentative: (p) => ['Notre représentant en Suisse (art. 14 de la loi fédérale suisse sur la protection des données, LPD) : ', ...person(p), '.'],

  lawName: ({ eu, uk, ch }) =>
    eu && uk ? 'RGPD et UK GDPR' : uk ? 'UK GDPR' : eu || !ch ? 'RGPD' : 'RGPD, comme le permet la loi fédérale suisse sur la protection des données',
  basesIntro: ({ law }) => `Nous n’utilisons les données à caractère personnel que pour les finalités ci-dessous, chacune reposant sur l’une des bases légales prévues par ${le(law)} :`,
  purposeHeadings: {
    app_functionality: 'Fonctionnement de l’application',
    analytics: 'Mesure de l’utilisation de l’application',
    product_personalization: 'Personnalisation de l’application',
    developer_advertising: 'Présentation de nos propres produits',
    third_party_advertising: 'Affichage de publicité',
    developer_communications: 'Communication avec vous au sujet de l’application',
    fraud_prevention: 'Prévention de la fraude et des abus',
    account_management: 'Gestion de votre compte',
    other: 'Autres finalités',
    crash_reporting: 'Détection et correction des plantages et des erreurs',
  },
  basisItem: ({ purpose, basis }) => `${purpose} : ${basis}.`,
  bases: {
    consent: ({ law }) => `votre consentement (art. 6, paragraphe 1, point a), ${du(law)})`,
    contract: ({ law }) =>
      `l’exécution du contrat conclu avec vous, c’est-à-dire la fourniture de l’application et des fonctionnalités que vous demandez (art. 6, paragraphe 1, point b), ${du(law)})`,
    legal_obligation: ({ law }) => `le respect d’une obligation légale (art. 6, paragraphe 1, point c), ${du(law)})`,
    legitimate_interests: ({ law }) => `nos intérêts légitimes (art. 6, paragraphe 1, point f), ${du(law)})`,
  },
  withdrawConsent: ({ law }) =>
    `Lorsque nous nous fondons sur votre consentement, vous pouvez le retirer à tout moment, aussi simplement que vous l’avez donné (dans l’application ou en nous écrivant) ; le retrait du consentement ne compromet pas la licéité du traitement effectué avant ce retrait (art. 7, paragraphe 3, ${du(law)}).`,
  healthConsent: ({ law }) =>
    `Les données de santé constituent une catégorie particulière de données à caractère personnel : nous ne les traitons qu’avec votre consentement explicite (art. 9, paragraphe 2, point a), ${du(law)}), que vous pouvez retirer à tout moment.`,
  legitimateInterests:
    'Nos intérêts légitimes consistent à exploiter une application fiable et sécurisée, à comprendre comment elle est utilisée afin de l’améliorer et à prévenir les abus. Vous pouvez vous opposer aux traitements fondés sur ces intérêts (voir « Vos droits »).',

  provisionRequirement:
    'Aucune obligation légale ou contractuelle ne vous impose de nous fournir des données à caractère personnel. Certaines fonctionnalités en ont besoin pour fonctionner (une adresse électronique pour une réponse, un achat pour un abonnement)\u00a0; sans elles, vous pouvez continuer à utiliser le reste de l’application.',
  childConsent: ({ law }) =>
    `Lorsque nous nous fondons sur le consentement et que vous n’avez pas atteint l’âge du consentement numérique, le consentement doit être donné ou autorisé par le titulaire de la responsabilité parentale à votre égard, et nous nous efforçons raisonnablement de le vérifier (art. 8 ${du(law)}). Cet âge est le suivant :`,
  consentAgeItem: ({ age, countries }) => `${age} ans : ${countries}`,
  fadpAlso:
    'Lorsque la loi fédérale suisse sur la protection des données (LPD) s’applique, elle n’exige pas de base légale pour ces finalités : un traitement qui respecte ses principes est licite et, s’il devait porter une atteinte illicite à votre personnalité, nous nous fondons sur un motif justificatif (art. 31 LPD), tel que votre consentement ou un intérêt prépondérant.',

  // The FADP's French terms (LPD, communication, données sensibles) and Swiss citation style (art. 19, al. 2, let. c).
  fadpPurposesIntro: 'Nous traitons des données personnelles pour les finalités suivantes (art. 19, al. 2, let. c, de la loi fédérale suisse sur la protection des données, LPD) :',
  fadpRecipients: ({ recipients, transfers }) =>
    `Nous ne les communiquons qu’aux destinataires mentionnés sous « ${recipients} » ; le lieu où ils les traitent et la manière dont une communication à l’étranger est protégée sont indiqués sous « ${transfers} » (art. 16, 17 et 19, al. 4, LPD).`,
  fadpLawful:
    'La LPD n’exige pas de base légale pour chaque finalité : un traitement qui respecte ses principes (art. 6 LPD) est licite tant qu’il ne porte pas une atteinte illicite à votre personnalité. Si tel devait être le cas, nous ne traitons les données qu’en présence d’un motif justificatif (art. 31 LPD) : votre consentement, un intérêt prépondérant privé ou public, ou la loi.',
  fadpConsent: 'Lorsque l’application vous demande votre consentement, nous ne traitons les données concernées qu’avec celui-ci ; vous pouvez le retirer à tout moment, avec effet pour l’avenir.',
  fadpHealth:
    'Les données sur la santé sont des données sensibles (art. 5, let. c, LPD) : nous ne les traitons qu’avec votre consentement exprès (art. 6, al. 7, let. a, LPD), que vous pouvez retirer à tout moment.',
  transfersIntro: () =>
    'Où chacun des services ci-dessus traite les données, et comment sont protégées les données transférées hors de l’Espace économique européen (EEE), du Royaume-Uni ou de la Suisse :',
  transfer: ({ name, locations, mechanism, regimes, dpf }) => {
    const where = locations ? ` (lieu de traitement : ${locations})` : '';
    if (mechanism === 'eea') return `${name} traite les données${where} au sein de l’Espace économique européen : aucun transfert hors de celui-ci n’a lieu.`;
    if (mechanism === 'adequacy')
      return `${name} traite les données${where} dans un pays pour lequel la Commission européenne a constaté, par une décision d’adéquation, qu’il assure un niveau de protection adéquat (art. 45 du RGPD).`;
    if (mechanism === 'dpf') {
      const ext = [regimes.uk && dpf.uk && 'de son extension au Royaume-Uni', regimes.ch && dpf.swiss && 'du cadre de protection des données Suisse–États-Unis (Swiss-U.S. Data Privacy Framework)'].filter(Boolean).join(' et ');
      const scc = [
        regimes.uk && !dpf.uk && 'les transferts depuis le Royaume-Uni reposent sur les clauses contractuelles types, complétées par l’avenant britannique relatif aux transferts internationaux de données (International Data Transfer Addendum) (art. 46 du UK GDPR)',
        regimes.ch && !dpf.swiss && 'les transferts depuis la Suisse reposent sur les clauses contractuelles types, telles que reconnues par le Préposé fédéral à la protection des données et à la transparence (PFPDT)',
      ].filter(Boolean);
      return `${name} traite les données${where} et bénéficie d’une certification au titre du cadre de protection des données UE–États-Unis (EU-U.S. Data Privacy Framework)${ext ? `, ainsi qu’au titre ${ext}` : ''} ; la Commission européenne a constaté que ce cadre assure un niveau de protection adéquat (art. 45 du RGPD)${scc.length ? ` ; ${scc.join(' ; ')}` : ''}.`;
    }
    return `${name} traite les données${where} ; le transfert est encadré par les clauses contractuelles types adoptées par la Commission européenne (art. 46, paragraphe 2, point c), du RGPD)${regimes.uk ? ', complétées par l’avenant britannique relatif aux transferts internationaux de données (International Data Transfer Addendum)' : ''}${regimes.ch ? ', telles que reconnues par le Préposé fédéral à la protection des données et à la transparence (PFPDT)' : ''}.`;
  },
  regionEea: 'Espace économique européen',
  placeNotes: {
    if_chosen: ({ region }) => `${region} (si cette région est choisie pour l’application)`,
    cdn: () => 'sites d’un réseau de diffusion de contenu dans le monde entier',
    vendor_facilities: () => 'autres pays où le fournisseur ou ses agents disposent d’installations',
  },
  transferUnknown: ({ name }) =>
    `Nous n’avons pas enregistré où ${name} traite les données ni quelles garanties appropriées encadrent un transfert ; interrogez-nous avant de vous y fier.`,
  transferSource: ({ link }) => ['Référence : ', link, '.'],
  transfersCopy: ({ contact }) => ['Vous pouvez obtenir une copie de ces garanties en nous contactant ', ...contact, '.'],

  retentionIntro: 'Pour chaque catégorie de données qui quitte votre appareil :',
  retentionItem: ({ kind, period }) => `${kind.charAt(0).toUpperCase()}${kind.slice(1)} : ${period}`,
  retention: {
    until_deleted: 'jusqu’à ce que vous en demandiez l’effacement, ou plus tôt dès que nous n’en avons plus besoin pour la finalité de leur collecte',
    usage: 'pendant la durée de conservation définie dans notre compte auprès du service, à l’issue de laquelle les données sont supprimées ou anonymisées',
    diagnostics: 'le temps nécessaire pour identifier et corriger le problème, puis les données sont supprimées selon la durée de conservation du service',
    purchases: 'aussi longtemps que le droit fiscal et commercial nous impose de conserver les justificatifs d’achat',
  },

  rightsIntro: ({ law }) => `En vertu ${du(law)}, vous avez le droit :`,
  rightsList: [
    'd’obtenir une copie des données à caractère personnel que nous détenons à votre sujet, ainsi que des informations sur la manière dont nous les utilisons (droit d’accès) ;',
    'de faire rectifier les données inexactes (droit de rectification) ;',
    'de faire effacer vos données (droit à l’effacement) ;',
    'd’en faire limiter l’utilisation (droit à la limitation du traitement) ;',
    'de recevoir les données que vous nous avez fournies dans un format structuré, couramment utilisé et lisible par machine, ou de les faire transmettre à un autre responsable du traitement (droit à la portabilité des données).',
  ],
  objection:
    'Droit d’opposition : lorsque nous traitons vos données sur la base de nos intérêts légitimes, vous pouvez vous y opposer à tout moment pour des raisons tenant à votre situation particulière ; nous cessons alors le traitement, à moins de démontrer qu’il existe des motifs légitimes et impérieux pour le poursuivre. Vous pouvez vous opposer à tout moment, sans avoir à vous justifier, à l’utilisation de vos données à des fins de prospection.',
  postMortem:
    'Vous pouvez également définir des directives relatives à la conservation, à l’effacement et à la communication de vos données à caractère personnel après votre décès (article 85 de la loi Informatique et Libertés).',
  automatedDecisions:
    'Vous avez également le droit de ne pas faire l’objet d’une décision fondée exclusivement sur un traitement automatisé, y compris le profilage, produisant des effets juridiques vous concernant ou vous affectant de manière significative de façon similaire.',
  rightsHow: ({ contact }) => ['Pour exercer l’un de ces droits, contactez-nous ', ...contact, ' ; nous vous répondrons dans un délai d’un mois.'],
  authority: ({ authority }) => [
    'Vous avez également le droit d’introduire une réclamation auprès d’une autorité de contrôle, en particulier dans l’État où vous résidez ou travaillez, ou auprès de l’autorité de contrôle dont nous relevons : ',
    authority,
    '.',
  ],
  authorityGermany: ({ list }) => [
    'Vous avez également le droit d’introduire une réclamation auprès d’une autorité de contrôle, en particulier dans l’État où vous résidez ou travaillez, ou auprès de l’autorité de protection des données du Land allemand où nous sommes établis (voir la ',
    list,
    ').',
  ],
  authorityWhereYouLive: 'Vous avez également le droit d’introduire une réclamation auprès de l’autorité de contrôle de la protection des données de l’État où vous résidez ou travaillez.',
  germanAuthoritiesList: 'liste des autorités allemandes de protection des données',
  otherRequestMethods: ({ form, phone }) =>
    form && phone
      ? ['Vous pouvez aussi faire ces demandes au moyen de notre formulaire en ligne à l’adresse ', form, ` ou en nous appelant gratuitement au ${phone}.`]
      : form
        ? ['Vous pouvez aussi faire ces demandes au moyen de notre formulaire en ligne à l’adresse ', form, '.']
        : [`Vous pouvez aussi faire ces demandes en nous appelant gratuitement au ${phone}.`],

  fadpRightsIntro: 'En vertu de la LPD, vous avez le droit :',
  fadpRightsList: [
    'de demander si nous traitons des données personnelles vous concernant et, le cas échéant, de les obtenir avec les informations prévues par la loi (droit d’accès, art. 25 LPD) ;',
    'de recevoir les données personnelles que vous nous avez communiquées dans un format électronique couramment utilisé, ou de les faire transmettre à un autre responsable du traitement (droit à la remise et à la transmission des données, art. 28 LPD) ;',
    'de faire rectifier des données personnelles inexactes (rectification, art. 32, al. 1, LPD) ;',
    'de faire effacer vos données personnelles ou d’en faire interdire le traitement, et de vous opposer à leur traitement ou à leur communication à des tiers (effacement et opposition, art. 30, al. 2, let. b, et art. 32, al. 2, LPD).',
  ],
  fadpAutomatedDecisions:
    'Lorsque nous prenons une décision fondée exclusivement sur un traitement automatisé qui a des effets juridiques sur vous ou vous affecte de manière significative, nous vous en informons ; vous pouvez faire valoir votre point de vue et demander que la décision soit revue par une personne physique (art. 21 LPD).',
  fadpRightsHow: ({ contact }) => ['Pour exercer l’un de ces droits, contactez-nous ', ...contact, ' ; nous vous répondrons dans un délai de 30 jours.'],
  fadpAuthority: ({ authority }) => ['Vous pouvez également dénoncer une violation des prescriptions de protection des données à l’autorité de surveillance (art. 49 LPD) : ', authority, '.'],
  fadpRightsAlso: ({ authority }) => [
    'Si vous vous trouvez en Suisse, vous disposez également de ces droits en vertu de la loi fédérale suisse sur la protection des données (LPD) (accès, art. 25 ; remise et transmission des données, art. 28 ; rectification et effacement, art. 32 LPD) et pouvez dénoncer une violation à l’autorité de surveillance suisse : ',
    authority,
    '.',
  ],

  deviceAccessLaw: ({ eu, uk, country }) =>
    [eu && `article 5, paragraphe 3, de la directive « vie privée et communications électroniques »${country && DEVICE_ACCESS_NATIONAL[country] ? ` et ${DEVICE_ACCESS_NATIONAL[country]}` : ''}`, uk && 'règlement 6 des PECR britanniques'].filter(Boolean).join(' ; '),
  deviceAccessConsent: ({ law, services }) => `Les services suivants enregistrent un identifiant sur votre terminal ou y accèdent uniquement avec votre consentement (${law}), que vous pouvez retirer à tout moment pour l’avenir : ${services}.`,
  deviceAccessNoConsent: ({ service, purposes, bases }) => `${service} enregistre un identifiant sur votre terminal ou y accède ${purposes}, sans recueillir votre consentement, la base juridique étant ${bases}.`,
  deviceAccessNeeded: ({ law, services }) => `Les services suivants enregistrent un identifiant sur votre terminal ou y accèdent uniquement dans la mesure strictement nécessaire à la fourniture de l’application ou d’une fonctionnalité que vous demandez, ce qui ne requiert pas votre consentement (${law}) : ${services}.`,
  ccpaIntro:
    'Si vous résidez en Californie, le California Consumer Privacy Act, tel que modifié par le California Privacy Rights Act (CCPA), vous confère les droits ci-dessous ; les résidents d’autres États américains dotés de lois similaires disposent de droits comparables. Au cours des 12 derniers mois, nous avons collecté auprès de vous et de votre appareil les catégories d’informations personnelles suivantes :',
  ccpaCategories: {
    identifiers: 'Identifiants (comme une adresse e-mail, un identifiant de compte ou un identifiant d’appareil)',
    customer_records: 'Informations personnelles figurant dans les dossiers clients (comme un nom, un numéro de téléphone ou une adresse postale)',
    commercial: 'Informations commerciales (achats et abonnements)',
    internet_activity: 'Activité sur Internet ou sur d’autres réseaux électroniques (utilisation de l’application, diagnostics)',
    geolocation: 'Données de géolocalisation (position approximative)',
    sensory: 'Informations audio, électroniques ou visuelles (photos, vidéos, enregistrements)',
    sensitive: 'Informations personnelles sensibles (données de santé, position précise)',
    inferences: 'Déductions tirées pour établir un profil vous concernant',
    other: 'Autres informations que vous nous fournissez (comme les messages et les contenus que vous envoyez)',
  },
  ccpaCollected: ({ category, purposes }) => `${category} : ${purposes}.`,
  ccpaNoSaleOrShare: 'Nous ne vendons pas vos informations personnelles et ne les partageons pas à des fins de publicité comportementale intercontextuelle.',
  ccpaNoSaleMinors: 'Cela vaut aussi pour les informations personnelles des consommateurs de moins de 16 ans.',
  ccpaMinorsOptIn:
    'Nous ne vendons ni ne partageons les informations personnelles des consommateurs dont nous savons qu’ils ont moins de 16 ans sans autorisation expresse préalable (« opt-in ») : celle du consommateur s’il a entre 13 et 15 ans, celle d’un parent ou tuteur s’il a moins de 13 ans (California Civil Code, § 1798.120).',
  ccpaSold: ({ categories }) => `Nous vendons les catégories d’informations personnelles suivantes : ${categories}.`,
  ccpaShared: ({ categories, recipients }) =>
    `Nous partageons les catégories d’informations personnelles suivantes à des fins de publicité comportementale intercontextuelle, avec ${recipients} : ${categories}.`,
  ccpaOptOut: ({ contact }) => [
    'Vous pouvez à tout moment vous opposer à la vente ou au partage de vos informations personnelles : écrivez-nous ',
    ...contact,
    ' avec pour objet « Ne pas vendre ni partager mes informations personnelles ». Nous traitons également un signal Global Privacy Control envoyé par votre navigateur ou votre appareil comme une telle demande.',
  ],
  ccpaSensitive:
    'Nous n’utilisons les informations personnelles sensibles que pour fournir l’application et les fonctionnalités que vous demandez, comme le permet le CCPA ; nous ne les utilisons pas pour déduire des caractéristiques vous concernant.',
  ccpaRights: ({ contact }) => [
    'Vous avez le droit de savoir quelles informations personnelles nous collectons, utilisons et communiquons, d’en obtenir une copie, de les faire rectifier et de les faire supprimer. Pour exercer ces droits, contactez-nous ',
    ...contact,
    ' ; nous accusons réception de votre demande sous 10 jours ouvrables, y répondons sous 45 jours et pouvons vous demander des informations pour vérifier qu’elle émane bien de vous.',
  ],
  ccpaAppeal: ({ contact }) => [
    'Si nous refusons votre demande, vous pouvez former un recours en nous écrivant ',
    ...contact,
    ' avec l’objet «\u00a0Recours\u00a0»\u00a0; nous répondons dans un délai de 45 jours en motivant notre décision. Si nous rejetons votre recours, vous pouvez saisir l’Attorney General (procureur général) de votre État.',
  ],
  ccpaAgents:
    'Vous pouvez mandater un agent autorisé (authorized agent) pour présenter une demande en votre nom ; nous pouvons lui demander votre autorisation signée et vous demander de confirmer votre identité.',
  ccpaNoDiscrimination:
    'Nous ne vous ferons subir aucune discrimination parce que vous exercez l’un de ces droits : nous ne vous refuserons pas l’application, ne vous facturerons pas un prix différent et ne vous fournirons pas un service de qualité différente.',
  ccpaDisclosed: 'Au cours des 12 derniers mois, nous avons communiqué les catégories d’informations personnelles suivantes à des fins professionnelles (business purpose), aux destinataires suivants :',
  ccpaCategoryNames: {
    identifiers: 'Identifiants',
    customer_records: 'Informations personnelles figurant dans les dossiers clients',
    commercial: 'Informations commerciales',
    internet_activity: 'Activité sur Internet ou sur d’autres réseaux électroniques',
    geolocation: 'Données de géolocalisation',
    sensory: 'Informations audio, électroniques ou visuelles',
    sensitive: 'Informations personnelles sensibles',
    inferences: 'Déductions tirées pour établir un profil vous concernant',
    other: 'Autres informations que vous nous fournissez',
  },
  ccpaCategoryKinds: ({ category, kinds }) => `${category} (${kinds})`,
  ccpaDisclosedItem: ({ category, recipients }) => `${category} : à ${recipients}.`,
  doNotTrack: ({ trackers }) =>
    trackers
      ? `La loi californienne (CalOPPA) nous demande d’indiquer comment nous réagissons au signal « Do Not Track » d’un navigateur : l’application n’y réagit pas, faute de norme commune en la matière. Les tiers suivants peuvent collecter, lorsque vous utilisez l’application, des informations personnelles sur vos activités dans le temps parmi les applications et sites web d’autres sociétés : ${trackers}.`
      : 'La loi californienne (CalOPPA) nous demande d’indiquer comment nous réagissons au signal « Do Not Track » d’un navigateur : nous ne suivons pas vos activités dans le temps parmi les applications et sites web d’autres sociétés et ne permettons à aucun tiers de le faire au moyen de l’application ; un tel signal n’a donc rien à désactiver.',

  coppaConsent:
    'En application de la loi américaine sur la protection de la vie privée des enfants en ligne (Children’s Online Privacy Protection Act, COPPA), nous ne collectons les informations personnelles d’un enfant de moins de 13 ans qu’après avoir obtenu le consentement vérifiable d’un parent, sauf lorsque la loi en dispose autrement (par exemple pour une réponse unique à la demande d’un parent), et nous ne collectons que ce qui est nécessaire à l’activité concernée.',
  coppaVerifiableConsent:
    'En vertu du Children’s Online Privacy Protection Act (COPPA) américain, nous obtenons le consentement parental vérifiable avant de collecter des informations personnelles auprès d’un enfant de moins de 13 ans, sauf lorsqu’une des exceptions de la COPPA Rule s’applique (16 CFR 312.5), par exemple lorsque nous collectons l’adresse e-mail d’un parent uniquement pour lui demander ce consentement.',
  coppaPublic: ({ public: shown }) =>
    shown
      ? 'Les enfants peuvent rendre des informations personnelles publiques dans l’application. Les idées et commentaires publiés sur son tableau de suggestions, avec le nom indiqué, sont visibles par toute personne qui le consulte. Un parent peut nous demander de les supprimer.'
      : 'Les fonctionnalités décrites dans la présente politique ne permettent pas aux enfants de rendre des informations personnelles publiques. Rien de ce qu’ils envoient par leur intermédiaire n’est montré aux autres utilisateurs ni au public.',
  coppaParents: ({ contact }) => [
    'Un parent peut consulter les informations personnelles que nous détenons sur son enfant, les faire supprimer et refuser qu’elles continuent d’être collectées ou utilisées : contactez-nous ',
    ...contact,
    '.',
  ],
  coppaOperator: (p) => ['L’opérateur qui collecte et conserve les informations personnelles des enfants au moyen de l’application : ', ...person({ ...p, address: withPhone(p.address, p.phone, 'téléphone ') }), '.'],
  coppaThirdParties:
    'Un parent peut consentir à ce que nous collections et utilisions les informations personnelles de son enfant sans consentir à leur communication à des tiers, sauf si cette communication fait partie intégrante de l’application.',
  coppaNoAds:
    'Nous ne présentons pas de publicité comportementale (fondée sur les centres d’intérêt) aux enfants et ne suivons pas leurs activités parmi les applications et sites web d’autres sociétés.',

  englishPrevails: ({ href }) => ['Ceci est une traduction. La ', { text: 'version anglaise', href }, ' fait foi ; en cas de divergence, elle prévaut.'],
};

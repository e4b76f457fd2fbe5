import type { LegalText } from './types.js';

/**
 * French (France). An AI translation by the Appflows team, to be reviewed by a native legal
 * professional before it is relied on.
 *
 * Terminology: the official French version of the GDPR (règlement (UE) 2016/679, RGPD):
 * responsable du traitement, destinataires, données à caractère personnel, finalité,
 * rectification, effacement, autorité de contrôle, introduire une réclamation, décision
 * individuelle automatisée / profilage; « pour notre compte » for what processors do (art. 28,
 * sous-traitant); « dispositif médical » as in the MDR; Rome I (art. 6, § 2) for the
 * consumer's protection under the mandatory rules of their habitual residence.
 *
 * Decisions:
 * - Formal address (vous) throughout.
 * - « application » rather than « app » (the frame's catalog says app): the usual word in French
 *   legal texts and in the CNIL's own. Sentences whose subject is the app's name say
 *   « L’application {app} » so adjectives agree (feminine) whatever the name.
 * - Store concepts in Apple's French wording: achats intégrés, « suivre vos activités parmi les
 *   applications et sites web d’autres sociétés » (the App Tracking Transparency prompt), Mouvements
 *   et forme, Photothèque, Appareil photo, Micro. « boutique d’applications » means any app store;
 *   « App Store » is Apple's.
 * - Contacts and notifications are called « Carnet d’adresses » and « Notifications de
 *   l’application »: the bare words are the English ones, and the completeness test (rightly)
 *   cannot tell them apart.
 * - Owner-written slots (jurisdiction, governing law) stand where no article or preposition must
 *   agree with them (« dans celui de l’éditeur (…) », « Droit applicable … : … »).
 * - French typography: a no-break space (U+00A0) before « : » and « ; » and inside « ».
 */
export const fr: LegalText = {
  lang: 'fr',

  list: (w) => (w.length <= 1 ? (w[0] ?? '') : `${w.slice(0, -1).join(', ')} et ${w[w.length - 1]}`),
  kinds: {
    name: 'votre nom',
    email: 'votre adresse e-mail',
    phone: 'votre numéro de téléphone',
    physical_address: 'votre adresse postale',
    health: 'des données de santé',
    fitness: 'des données de forme physique et d’activité sportive',
    payment_info: 'des informations de paiement',
    precise_location: 'votre position précise',
    coarse_location: 'votre position approximative',
    contacts: 'vos contacts',
    messages: 'les messages que vous rédigez',
    photos_videos: 'des photos ou des vidéos',
    audio: 'des enregistrements vocaux ou sonores',
    customer_support: 'vos échanges avec l’assistance',
    user_content: 'les contenus que vous rédigez ou envoyez',
    browsing_history: 'votre historique de navigation',
    search_history: 'vos recherches dans l’application',
    user_id: 'un identifiant de compte ou d’utilisateur',
    device_id: 'un identifiant d’appareil ou d’installation',
    purchase_history: 'vos achats et abonnements',
    product_interaction: 'votre utilisation de l’application (écrans consultés, éléments touchés, choix)',
    advertising_data: 'les publicités que vous voyez et celles sur lesquelles vous appuyez',
    other_usage_data: 'd’autres données d’utilisation',
    crash_data: 'des rapports de plantage',
    performance_data: 'des mesures de performances (temps de lancement, blocages, consommation d’énergie)',
    other_diagnostic_data: 'd’autres données de diagnostic technique',
    other: 'd’autres informations',
  },
  purposes: {
    app_functionality: 'pour assurer le fonctionnement de l’application',
    analytics: 'pour comprendre comment l’application est utilisée',
    product_personalization: 'pour personnaliser l’application',
    developer_advertising: 'pour vous présenter nos propres produits',
    third_party_advertising: 'pour afficher de la publicité',
    developer_communications: 'pour vous écrire au sujet de l’application',
    fraud_prevention: 'pour prévenir la fraude et les abus',
    account_management: 'pour gérer votre compte',
    other: 'à d’autres fins',
  },
  purposeCrash: 'pour détecter et corriger les plantages et les erreurs',
  capabilities: {
    health: 'Données de santé (HealthKit / Health Connect)',
    motion: 'Mouvements et forme',
    location: 'Localisation',
    notifications: 'Notifications de l’application',
    cloud_sync: 'Synchronisation dans le cloud',
    camera: 'Appareil photo',
    photos: 'Photothèque',
    microphone: 'Micro',
    speech_recognition: 'Reconnaissance vocale',
    contacts: 'Carnet d’adresses',
    calendar: 'Calendrier',
    bluetooth: 'Bluetooth',
    face_id: 'Face ID / Touch ID',
    other: 'Autre',
  },
  access: { read: 'lecture', write: 'écriture' },
  modes: {
    when_in_use: 'uniquement lorsque vous utilisez l’application',
    always: 'également en arrière-plan',
    local: 'rappels programmés sur votre appareil',
    push: 'notifications push',
  },
  flowTypes: {
    waitlist: 'liste d’attente',
    feedback: 'avis',
    report: 'signalement',
    contact: 'contact',
    crash: 'rapport de plantage',
    onboarding: 'parcours d’accueil',
    referral: 'parrainage',
    wishlist: 'boîte à idées',
    cancel: 'résiliation',
    app_promotion: 'promotion d’applications',
  },
  presets: {
    revenuecat: 'RevenueCat gère les achats intégrés et les abonnements : il vérifie les reçus auprès de la boutique d’applications et indique à l’application les fonctionnalités que vous avez payées.',
    superwall: 'Superwall affiche les écrans d’offre d’abonnement : il choisit l’offre à présenter et mesure celles qui aboutissent à un achat.',
    firebase: 'Firebase, un service de Google, mesure l’utilisation de l’application à l’aide d’identifiants pseudonymes d’instance de l’application.',
    amplitude: 'Amplitude mesure l’utilisation de l’application, afin que nous puissions voir quelles fonctionnalités sont utiles et lesquelles prêtent à confusion.',
    posthog: 'PostHog mesure l’utilisation de l’application, afin que nous puissions voir quelles fonctionnalités sont utiles et lesquelles prêtent à confusion.',
    sentry: 'Sentry reçoit les rapports de plantage et les mesures de performances afin que nous puissions détecter et corriger les erreurs.',
    mixpanel: 'Mixpanel mesure l’utilisation de l’application, afin que nous puissions voir quelles fonctionnalités sont utiles et lesquelles prêtent à confusion.',
    onesignal: 'OneSignal distribue nos notifications push et nos messages in-app et nous indique lesquels ont été ouverts.',
    admob: 'Google AdMob affiche des publicités dans l’application et mesure leurs performances.',
    appsflyer: 'AppsFlyer nous indique lesquelles de nos campagnes publicitaires ont conduit à une installation ou à un achat (mesure d’attribution).',
    crashlytics: 'Firebase Crashlytics, un service de Google, reçoit les rapports de plantage afin que nous puissions détecter et corriger les erreurs.',
    appflows: 'Appflows exploite les formulaires et parcours hébergés de l’application (comme les pages d’avis, d’assistance, de liste d’attente et de parrainage) et conserve ce que vous y envoyez.',
  },

  policyTitles: {
    who: 'Responsable du traitement',
    'on-device': 'Ce qui reste sur votre appareil',
    'leaves-device': 'Données qui quittent votre appareil et leurs destinataires',
    'device-features': 'Fonctionnalités de l’appareil utilisées par l’application',
    claims: 'Vente de données, publicité et suivi',
    children: 'Enfants',
    health: 'Informations de santé',
    retention: 'Durée de conservation des données',
    rights: 'Vos droits',
    changes: 'Modifications de la présente politique',
  },
  termsTitles: {
    agreement: 'Objet et acceptation',
    subscriptions: 'Abonnements et achats',
    use: 'Utilisation de l’application',
    medical: 'Absence de conseil médical',
    liability: 'Absence de garantie et limitation de responsabilité',
    eula: 'Licence des applications de l’App Store',
    privacy: 'Protection des données',
    law: 'Droit applicable',
    changes: 'Modifications et contact',
  },

  contactByEmail: ({ email }) => ['par e-mail à l’adresse ', email],
  contactOtherwise: 'au moyen des coordonnées indiquées dans l’application ou sur sa fiche dans la boutique d’applications',
  capability: ({ label, access, mode, use }) => {
    const how = [access, mode].filter(Boolean).join(', ');
    return `${label}${how ? ` (${how})` : ''}${use ? ` : ${use}` : ''}`;
  },

  whoIsResponsible: ({ entity, jurisdiction, app }) =>
    `Le responsable du traitement des données à caractère personnel liées à l’application ${app} est ${entity}${jurisdiction ? ` (${jurisdiction})` : ''}, son éditeur.`,
  reachUs: ({ contact }) => ['Vous pouvez nous contacter ', ...contact, '.'],

  staysIntro: ({ entity }) => `Les données suivantes restent sur votre appareil et ne sont transmises ni à ${entity} ni à quiconque :`,
  staysExceptCoarser: ({ capability, kept, sent, recipients }) => `${capability} — ${kept} reste sur votre appareil ; nous ne transmettons que ${sent}, à ${recipients}`,
  cloudSyncNote: 'La synchronisation dans le cloud les copie dans votre propre espace de stockage privé en ligne (par exemple iCloud), auquel nous n’avons pas accès.',
  deletingDeletes: ({ app }) => `Si vous supprimez ${app}, ces données sont supprimées.`,

  nothingLeaves: ({ app }) => `Aucune donnée ne quitte votre appareil : ${app} ne collecte aucune donnée à caractère personnel.`,
  onlyListedLeaves: 'Seules les données énumérées ici quittent votre appareil. Chaque service ne les reçoit que pour la finalité indiquée et agit uniquement pour notre compte.',
  onlyListedLeavesSomeOwnUse: ({ names }) =>
    `Seules les données énumérées ici quittent votre appareil. Chaque service les reçoit pour la finalité indiquée ; ${names.length === 1 ? `${names[0]} les utilise` : `${names.slice(0, -1).join(', ')} et ${names[names.length - 1]} les utilisent`} également pour leurs propres finalités, en tant que responsables du traitement distincts et selon leurs propres politiques de confidentialité. Les autres services agissent uniquement pour notre compte.`,
  processorReceivesLabel: 'Reçoit :',
  processorReceives: ({ kinds, purposes, linked, linkedKinds, tracking }) =>
    `${kinds}, ${purposes}.${linkedKinds ? ` Parmi ces données, ${linkedKinds} peuvent être associées à votre identité, les autres non.` : linked ? ' Ces données peuvent être associées à votre identité.' : ' Ces données ne sont pas associées à votre identité.'}${tracking ? ' Elles sont utilisées pour vous suivre (tracking).' : ''}`,
  processorThrough: ({ flows }) => `Via : ${flows.join(', ')}.`,
  flowName: ({ type, slug }) => (slug ? `${type} (${slug})` : type),
  processorPrivacyLink: ({ name }) => `Politique de confidentialité ${of(name)}`,
  customProcessor: ({ name, kinds, purposes }) => `${name} reçoit ${kinds}, ${purposes}.`,
  customProcessorUnmapped: ({ name }) => `${name} reçoit des données de l’application.`,
  entityReceives: ({ entity }) => `${entity} reçoit directement :`,
  entityReceivesItem: ({ kind, capability, use }) => `${kind} (${capability})${use ? ` : ${use}` : ''}`,
  optionalFields: 'Lorsqu’un formulaire indique qu’un champ est facultatif (comme une adresse e-mail pour recevoir une réponse), vous êtes libre de le renseigner ou non.',

  deviceFeaturesIntro: ({ app }) =>
    `${app} vous demande votre autorisation avant d’utiliser l’une de ces fonctionnalités, et vous pouvez la retirer à tout moment dans les réglages de votre appareil :`,
  deviceFeature: ({ capability, where }) =>
    `${capability}${where === 'sent' ? ' (données qui nous sont transmises)' : where === 'push' ? ' (acheminement par le service de notifications push de votre plateforme)' : ' (les données restent sur votre appareil)'}`,
  deviceFeatureSentTo: ({ capability, recipients }) => `${capability} (données transmises à ${recipients})`,
  deviceFeatureCoarser: ({ capability, kept, sent, recipients }) => `${capability} (${kept} reste sur votre appareil ; nous transmettons ${sent} à ${recipients})`,

  claims: {
    sellsData: {
      yes: () => 'Nous vendons ou partageons des données à caractère personnel avec des tiers, pour leur propre usage.',
      no: () => 'Nous ne vendons pas vos données à caractère personnel.',
    },
    advertising: { yes: ({ app }) => `${app} affiche de la publicité.`, no: ({ app }) => `${app} n’affiche aucune publicité.` },
    tracking: {
      yes: () => 'Nous ou nos partenaires suivons vos activités parmi les applications et sites web d’autres sociétés, uniquement avec votre autorisation lorsque la plateforme l’exige.',
      no: () => 'Nous ne suivons pas vos activités parmi les applications et sites web d’autres sociétés.',
    },
    analytics: {
      yes: () => 'Nous mesurons l’utilisation de l’application à l’aide des services d’analyse indiqués ci-dessus.',
      no: () => 'Nous n’utilisons aucun service d’analyse pour mesurer votre utilisation de l’application.',
    },
    profiling: {
      yes: () => 'Nous procédons à un profilage afin de prendre des décisions automatisées vous concernant.',
      no: () => 'Nous n’établissons pas de profil vous concernant et ne prenons aucune décision automatisée à votre égard.',
    },
  },

  forChildren: ({ app, contact }) => [
    `L’application ${app} est destinée aux enfants. Nous ne collectons que les données nécessaires à son fonctionnement, et un parent peut nous demander `,
    ...contact,
    ' d’accéder aux données de son enfant ou de les effacer.',
  ],
  forChildrenPlain: ({ app, contact }) => [`L’application ${app} est destinée aux enfants. Un parent peut nous demander `, ...contact, ' d’accéder aux données de son enfant ou de les effacer.'],
  notForChildren: ({ age, app, contact }) => [
    `L’application ${app} n’est pas destinée aux enfants de moins de ${age} ans, et nous ne collectons pas sciemment leurs données à caractère personnel. Si vous pensez qu’un enfant nous a transmis des données, signalez-le-nous `,
    ...contact,
    ' et nous les effacerons.',
  ],

  noMedicalAdvice: ({ app }) => `L’application ${app} ne fournit pas de conseil médical ; voir les conditions d’utilisation.`,

  retentionOnDevice: 'Les données présentes sur votre appareil y restent jusqu’à ce que vous les supprimiez ou que vous supprimiez l’application.',
  retentionSent:
    'Les données transmises aux services ci-dessus ne sont conservées que pendant la durée nécessaire à la finalité pour laquelle elles ont été collectées, ou selon ce que prévoient leurs propres politiques ; ce que vous envoyez au moyen des formulaires de l’application est conservé jusqu’à ce que vous nous demandiez de l’effacer ou que nous n’en ayons plus besoin.',

  rights: ({ contact }) => [
    'Vous pouvez nous demander l’accès aux données à caractère personnel que nous détenons à votre sujet et une copie de celles-ci, ainsi que leur rectification ou leur effacement. Contactez-nous ',
    ...contact,
    ' ; nous vous répondrons dans un délai de 30 jours.',
  ],
  complain: ({ jurisdiction }) =>
    `Vous pouvez également introduire une réclamation auprès d’une autorité de contrôle de la protection des données, notamment dans le pays où vous résidez ou dans celui de l’éditeur (${jurisdiction}).`,

  policyChanges:
    'Lorsque la présente politique est modifiée, nous publions une nouvelle version avec une nouvelle date d’entrée en vigueur. Chaque version antérieure reste consultable à sa propre adresse ; voir l’historique des versions ci-dessous.',

  agreement: ({ entity, jurisdiction, app }) =>
    `Les présentes conditions constituent un accord entre vous et ${entity}${jurisdiction ? ` (${jurisdiction})` : ''} concernant votre utilisation ${of(app)}. En utilisant ${app}, vous les acceptez.`,
  minimumAge: ({ age, app }) => `Vous devez avoir au moins ${age} ans pour utiliser ${app}.`,
  subscriptionsBilling: 'Les achats et abonnements sont effectués au moyen de votre compte de la boutique d’applications et facturés par celle-ci.',
  subscriptionsRenewal:
    'Un abonnement est renouvelé automatiquement pour la même durée et au même prix, sauf si vous désactivez le renouvellement automatique au moins 24 heures avant la fin de la période en cours. Vous pouvez gérer et résilier vos abonnements dans les réglages de votre compte de la boutique d’applications ; la suppression de l’application ne résilie pas l’abonnement.',
  subscriptionsRefunds: 'Les remboursements sont traités par la boutique d’applications selon ses propres règles.',
  useLawfully: ({ app }) =>
    `Utilisez l’application ${app} de manière licite et n’en faites pas un usage abusif : n’essayez pas de la compromettre, de la surcharger ou d’en pratiquer l’ingénierie inverse, et ne l’utilisez pas pour nuire à autrui.`,
  mayChange: ({ entity, app }) => `${entity} peut à tout moment modifier, suspendre ou supprimer des fonctionnalités ${of(app)}.`,
  medicalDefault: ({ app }) =>
    `L’application ${app} est destinée uniquement à l’information générale et au bien-être. Elle n’est pas un dispositif médical et ne fournit ni conseil médical, ni diagnostic, ni traitement. Pour toute question médicale, consultez un médecin ou un autre professionnel de santé qualifié, et ne négligez ni ne retardez jamais un avis professionnel en raison d’un contenu de l’application.`,
  asIs: ({ app, entity }) =>
    `L’application ${app} est fournie « en l’état », sans garantie d’aucune sorte, dans la mesure permise par la loi. ${entity} n’est pas responsable des dommages indirects ou consécutifs résultant de votre utilisation de l’application, dans la mesure permise par la loi ; aucune disposition des présentes conditions ne limite les droits auxquels il ne peut être dérogé et dont vous bénéficiez en tant que consommateur.`,
  liabilityUnlimited:
    'Aucune disposition des présentes conditions n’exclut ni ne limite la responsabilité en cas de faute intentionnelle ou de faute lourde, de décès ou de dommage corporel, ni toute autre responsabilité que la loi ne permet pas d’exclure ou de limiter, notamment la responsabilité du fait des produits défectueux.',
  appleEula: ({ href }) => [
    'Si vous avez obtenu l’application sur l’App Store d’Apple, le ',
    { text: 'contrat de licence utilisateur final standard d’Apple pour les applications sous licence', href },
    ' s’applique également.',
  ],
  privacyReference: ({ href }) => ['La manière dont nous traitons les données à caractère personnel est décrite dans notre ', { text: 'politique de confidentialité', href }, '.'],
  governingLaw: ({ law }) =>
    `Droit applicable aux présentes conditions : ${law}. Ce choix ne vous prive pas de la protection que vous assurent les dispositions impératives du droit du pays où vous avez votre résidence habituelle.`,
  termsChanges: ({ contact }) => [
    'Lorsque les présentes conditions sont modifiées, nous publions une nouvelle version avec une nouvelle date d’entrée en vigueur ; les versions antérieures restent consultables. Pour toute question, contactez-nous ',
    ...contact,
    '.',
  ],
};

/** "de" before a name, elided before a vowel: « de Sleepy », « d’Amplitude ». */
const of = (name: string) => (/^[aeiouyàâäéèêëîïôöûüù]/i.test(name) ? `d’${name}` : `de ${name}`);

import type { LegalText } from './types.js';

/**
 * Italian. An AI translation by the Appflows team, to be reviewed by a native legal professional
 * before it is relied on.
 *
 * Terminology: the official Italian version of the GDPR (Regolamento (UE) 2016/679) — titolare del
 * trattamento, per conto del titolare (art. 4, punto 8), dati relativi alla salute, rettifica,
 * cancellazione, autorità di controllo, proporre reclamo (art. 77), profilazione e decisioni
 * automatizzate (art. 22), titolare della responsabilità genitoriale (art. 8), raccolta;
 * "dispositivo medico" as in Regolamento (UE) 2017/745. Apple's Italian words for device features
 * and App Store concepts: Localizzazione, Movimento e fitness, "tracciare la Sua attività su app e
 * siti web di altre aziende" (the App Tracking Transparency prompt), acquisti in-app, "l’App Store".
 *
 * Decisions: the reader is addressed with the courtesy form "Lei", capitalised with its pronouns
 * and possessives (Lei, Le, La, Suo/Sua/Suoi), as Italian privacy notices and contracts commonly do;
 * the page frame in kernel/i18n.boards.ts uses "tu" for interface words, which stay separate.
 * "L’app" is feminine, as in current Italian usage; the app's own name is not given an article.
 * The title of the terms' privacy section is "Protezione dei dati personali" (not the loanword
 * "Privacy"). The owner is reached with "ci contatti" + `contact`, so both contact forms fit.
 */

/** "a, b e c"; "ed" before a word that starts with "e". */
const list = (w: string[]): string => {
  if (w.length <= 1) return w[0] ?? '';
  const last = w[w.length - 1]!;
  return `${w.slice(0, -1).join(', ')} ${/^[eèéEÈÉ]/u.test(last) ? 'ed' : 'e'} ${last}`;
};

const measures = (name: string) => `${name} misura l’utilizzo dell’app, così possiamo capire quali funzioni sono utili e quali creano confusione.`;

export const it: LegalText = {
  lang: 'it',

  list,
  kinds: {
    name: 'il Suo nome',
    email: 'il Suo indirizzo e-mail',
    phone: 'il Suo numero di telefono',
    physical_address: 'il Suo indirizzo postale',
    health: 'dati relativi alla salute',
    fitness: 'dati sull’attività fisica e sull’esercizio',
    payment_info: 'dati di pagamento',
    precise_location: 'la Sua posizione precisa',
    coarse_location: 'la Sua posizione approssimativa',
    contacts: 'i Suoi contatti',
    messages: 'i messaggi che scrive',
    photos_videos: 'foto o video',
    audio: 'registrazioni vocali o audio',
    customer_support: 'ciò che scrive all’assistenza',
    user_content: 'i contenuti che scrive o invia',
    browsing_history: 'la Sua cronologia di navigazione',
    search_history: 'le ricerche che effettua nell’app',
    user_id: 'un identificativo di account o di utente',
    device_id: 'un identificativo del dispositivo o dell’installazione',
    purchase_history: 'i Suoi acquisti e abbonamenti',
    product_interaction: 'il modo in cui usa l’app (schermate, tocchi, scelte)',
    advertising_data: 'gli annunci pubblicitari che vede e tocca',
    other_usage_data: 'altri dati di utilizzo',
    crash_data: 'report sugli arresti anomali',
    performance_data: 'misurazioni delle prestazioni (tempo di avvio, blocchi, consumo energetico)',
    other_diagnostic_data: 'altri dati diagnostici tecnici',
    other: 'altre informazioni',
  },
  purposes: {
    app_functionality: 'per far funzionare l’app',
    analytics: 'per capire come viene utilizzata l’app',
    product_personalization: 'per personalizzare l’app in base alle Sue preferenze',
    developer_advertising: 'per informarLa sui nostri prodotti',
    third_party_advertising: 'per mostrare pubblicità',
    developer_communications: 'per scriverLe in merito all’app',
    fraud_prevention: 'per prevenire frodi e abusi',
    account_management: 'per gestire il Suo account',
    other: 'per altre finalità',
  },
  purposeCrash: 'per individuare e correggere arresti anomali ed errori',
  capabilities: {
    health: 'Dati sulla salute (HealthKit / Health Connect)',
    motion: 'Movimento e fitness',
    location: 'Localizzazione',
    notifications: 'Notifiche',
    cloud_sync: 'Sincronizzazione con il cloud',
    camera: 'Fotocamera',
    photos: 'Libreria foto',
    microphone: 'Microfono',
    speech_recognition: 'Riconoscimento vocale',
    contacts: 'Contatti',
    calendar: 'Calendario',
    bluetooth: 'Bluetooth',
    face_id: 'Face ID / Touch ID',
    other: 'Altro',
  },
  access: { read: 'lettura', write: 'scrittura' },
  modes: { when_in_use: 'solo mentre usa l’app', always: 'anche in background', local: 'promemoria programmati sul Suo dispositivo', push: 'notifiche push' },
  flowTypes: {
    waitlist: 'lista d’attesa',
    feedback: 'feedback',
    report: 'segnalazione di problemi',
    contact: 'contatti',
    crash: 'arresti anomali',
    onboarding: 'benvenuto',
    referral: 'inviti',
    wishlist: 'idee',
    cancel: 'annullamento',
    app_promotion: 'promozione di app',
  },
  presets: {
    revenuecat: 'RevenueCat gestisce gli acquisti in-app e gli abbonamenti: verifica le ricevute con lo store e comunica all’app quali funzioni Lei ha acquistato.',
    superwall: 'Superwall mostra le schermate con le offerte di abbonamento: sceglie quale offerta mostrare e misura quali portano a un acquisto.',
    firebase: 'Firebase, un servizio di Google, misura l’utilizzo dell’app tramite identificativi pseudonimi dell’istanza dell’app.',
    amplitude: measures('Amplitude'),
    posthog: measures('PostHog'),
    sentry: 'Sentry riceve report sugli arresti anomali e misurazioni delle prestazioni, così possiamo individuare e correggere gli errori.',
    mixpanel: measures('Mixpanel'),
    onesignal: 'OneSignal recapita le nostre notifiche push e i messaggi in-app e ci indica quali sono stati aperti.',
    admob: 'Google AdMob mostra annunci pubblicitari nell’app e ne misura il rendimento.',
    appsflyer: 'AppsFlyer ci indica quali delle nostre campagne pubblicitarie hanno portato a un’installazione o a un acquisto (attribuzione).',
    crashlytics: 'Firebase Crashlytics, un servizio di Google, riceve report sugli arresti anomali, così possiamo individuare e correggere gli errori.',
    appflows: 'Appflows gestisce i moduli e i flussi ospitati dell’app (come le pagine per feedback, assistenza, lista d’attesa e inviti) e conserva ciò che Lei invia attraverso di essi.',
  },

  policyTitles: {
    who: 'Titolare del trattamento',
    'on-device': 'Dati che restano sul Suo dispositivo',
    'leaves-device': 'Dati che lasciano il Suo dispositivo e chi li riceve',
    'device-features': 'Funzioni del dispositivo utilizzate dall’app',
    claims: 'Vendita di dati, pubblicità e tracciamento',
    children: 'Minori',
    health: 'Informazioni sulla salute',
    retention: 'Periodo di conservazione dei dati',
    rights: 'I Suoi diritti',
    changes: 'Modifiche alla presente informativa',
  },
  termsTitles: {
    agreement: 'Accordo',
    subscriptions: 'Abbonamenti e acquisti',
    use: 'Utilizzo dell’app',
    medical: 'Nessuna consulenza medica',
    liability: 'Esclusione di garanzie e limitazione di responsabilità',
    eula: 'Licenza dell’App Store',
    privacy: 'Protezione dei dati personali',
    law: 'Legge applicabile',
    changes: 'Modifiche e contatti',
  },

  contactByEmail: ({ email }) => ['all’indirizzo e-mail ', email],
  contactOtherwise: 'tramite i recapiti indicati nell’app o nella sua pagina dello store',
  capability: ({ label, access, mode, use }) => {
    const how = [access, mode].filter(Boolean).join(', ');
    return `${label}${how ? ` (${how})` : ''}${use ? `: ${use}` : ''}`;
  },

  whoIsResponsible: ({ entity, jurisdiction, app }) =>
    `${entity}${jurisdiction ? ` (${jurisdiction})` : ''} sviluppa l’app ${app} ed è titolare del trattamento dei dati personali che l’app tratta.`,
  reachUs: ({ contact }) => ['Può contattarci ', ...contact, '.'],

  staysIntro: ({ entity }) => `I seguenti dati restano sul Suo dispositivo e non vengono inviati a ${entity} né a nessun altro:`,
  staysExceptCoarser: ({ capability, kept, sent, recipients }) => `${capability}: ${kept} resta sul Suo dispositivo; trasmettiamo soltanto ${sent}, ai seguenti destinatari: ${recipients}`,
  cloudSyncNote: 'La sincronizzazione con il cloud li copia nel Suo spazio di archiviazione cloud privato (ad esempio iCloud), al quale non abbiamo accesso.',
  deletingDeletes: ({ app }) => `Se elimina ${app}, vengono eliminati anche questi dati.`,

  nothingLeaves: ({ app }) => `Nessun dato lascia il Suo dispositivo: ${app} non raccoglie dati personali.`,
  onlyListedLeaves: 'Lasciano il Suo dispositivo solo i dati indicati di seguito. Ciascun servizio li riceve per la finalità indicata e agisce esclusivamente per nostro conto.',
  onlyListedLeavesSomeOwnUse: ({ names }) =>
    `Lasciano il Suo dispositivo solo i dati indicati di seguito. Ciascun servizio li riceve per la finalità indicata; ${names.length === 1 ? `${names[0]} li utilizza` : `${names.slice(0, -1).join(', ')} e ${names[names.length - 1]} li utilizzano`} inoltre per finalità proprie, in qualità di titolari autonomi del trattamento e secondo le proprie informative privacy. Gli altri servizi agiscono esclusivamente per nostro conto.`,
  processorReceivesLabel: 'Riceve:',
  processorReceives: ({ kinds, purposes, linked, linkedKinds, tracking }) =>
    `${kinds}, ${purposes}.${linkedKinds ? ` Di questi, ${linkedKinds} possono essere collegati alla Sua identità; gli altri no.` : linked ? ' Questi dati possono essere collegati alla Sua identità.' : ' Questi dati non sono collegati alla Sua identità.'}${tracking ? ' Sono utilizzati per il tracciamento.' : ''}`,
  processorThrough: ({ flows }) => `Tramite: ${flows.join(', ')}.`,
  flowName: ({ type, slug }) => (slug ? `${type} (${slug})` : type),
  processorPrivacyLink: ({ name }) => `Informativa sulla privacy di ${name}`,
  customProcessor: ({ name, kinds, purposes }) => `${name} riceve ${kinds}, ${purposes}.`,
  customProcessorUnmapped: ({ name }) => `${name} riceve dati dall’app.`,
  entityReceives: ({ entity }) => `${entity} riceve direttamente:`,
  entityReceivesItem: ({ kind, capability, use }) => `${kind} (${capability})${use ? `: ${use}` : ''}`,
  optionalFields: 'Quando un modulo indica un campo come facoltativo (ad esempio un indirizzo e-mail per ricevere una risposta), è Lei a decidere se compilarlo.',

  deviceFeaturesIntro: ({ app }) => `${app} Le chiede l’autorizzazione prima di utilizzare una qualsiasi di queste funzioni; può revocarla nelle impostazioni del Suo dispositivo:`,
  deviceFeature: ({ capability, where }) =>
    `${capability}${where === 'sent' ? ' (i dati ci vengono inviati)' : where === 'push' ? ' (tramite il servizio push della Sua piattaforma)' : ' (i dati restano sul Suo dispositivo)'}`,
  deviceFeatureSentTo: ({ capability, recipients }) => `${capability} (i dati vengono inviati a ${recipients})`,
  deviceFeatureCoarser: ({ capability, kept, sent, recipients }) => `${capability} (${kept} resta sul Suo dispositivo; trasmettiamo ${sent} ai seguenti destinatari: ${recipients})`,

  claims: {
    sellsData: { yes: () => 'Vendiamo o cediamo dati personali a terzi, che li utilizzano per finalità proprie.', no: () => 'Non vendiamo i Suoi dati personali.' },
    advertising: { yes: ({ app }) => `${app} mostra pubblicità.`, no: ({ app }) => `${app} non mostra pubblicità.` },
    tracking: {
      yes: () => 'Noi o i nostri partner tracciamo la Sua attività su app e siti web di altre aziende, solo con il Suo permesso ove la piattaforma lo richieda.',
      no: () => 'Non tracciamo la Sua attività su app e siti web di altre aziende.',
    },
    analytics: {
      yes: () => 'Misuriamo l’utilizzo dell’app con i servizi di analisi indicati sopra.',
      no: () => 'Non utilizziamo servizi di analisi per misurare il modo in cui Lei usa l’app.',
    },
    profiling: {
      yes: () => 'Effettuiamo la profilazione per prendere decisioni automatizzate che La riguardano.',
      no: () => 'Non effettuiamo la profilazione e non prendiamo decisioni automatizzate che La riguardano.',
    },
  },

  forChildren: ({ app, contact }) => [
    `${app} è un’app pensata per i bambini. Raccogliamo solo i dati necessari al funzionamento dell’app, e un genitore o chi esercita la responsabilità genitoriale può chiederci di accedere ai dati del minore o di cancellarli contattandoci `,
    ...contact,
    '.',
  ],
  forChildrenPlain: ({ app, contact }) => [
    `${app} è un’app pensata per i bambini. Un genitore o chi esercita la responsabilità genitoriale può chiederci di accedere ai dati del minore o di cancellarli contattandoci `,
    ...contact,
    '.',
  ],
  notForChildren: ({ age, app, contact }) => [
    `${app} non è un’app rivolta ai minori di ${age} anni e non raccogliamo consapevolmente i loro dati personali. Se ritiene che un minore ci abbia fornito dati, ci contatti `,
    ...contact,
    ' e provvederemo a cancellarli.',
  ],

  noMedicalAdvice: ({ app }) => `${app} non fornisce consulenza medica; si vedano le condizioni d’uso.`,

  retentionOnDevice: 'I dati presenti sul Suo dispositivo vi restano finché Lei non li elimina o non elimina l’app.',
  retentionSent:
    'I dati inviati ai servizi sopra indicati sono conservati solo per il tempo necessario alle finalità per cui sono stati raccolti, o secondo quanto previsto dalle rispettive informative; ciò che Lei invia tramite i moduli dell’app è conservato finché non ci chiede di cancellarlo o finché non ci è più necessario.',

  rights: ({ contact }) => [
    'Può chiederci una copia dei dati personali che La riguardano in nostro possesso, la loro rettifica o la loro cancellazione. A tal fine ci contatti ',
    ...contact,
    '; Le risponderemo entro 30 giorni.',
  ],
  complain: ({ jurisdiction }) =>
    `Ha inoltre il diritto di proporre reclamo all’autorità di controllo per la protezione dei dati del luogo in cui risiede o a quella competente in ${jurisdiction}.`,

  policyChanges:
    'Quando la presente informativa viene modificata, ne pubblichiamo una nuova versione con una nuova data di entrata in vigore. Ogni versione precedente resta consultabile al proprio indirizzo; si veda la cronologia delle versioni più in basso.',

  agreement: ({ entity, jurisdiction, app }) =>
    `Le presenti condizioni costituiscono un accordo tra Lei e ${entity}${jurisdiction ? ` (${jurisdiction})` : ''} relativo all’utilizzo di ${app}. Utilizzando ${app}, Lei accetta le presenti condizioni.`,
  minimumAge: ({ age, app }) => `Per utilizzare ${app} deve avere almeno ${age} anni.`,
  subscriptionsBilling: 'Gli acquisti e gli abbonamenti si effettuano tramite il Suo account dello store e sono addebitati dallo store stesso.',
  subscriptionsRenewal:
    'L’abbonamento si rinnova automaticamente per lo stesso periodo e allo stesso prezzo, a meno che Lei non disattivi il rinnovo automatico almeno 24 ore prima della fine del periodo in corso. Può gestire e annullare gli abbonamenti nelle impostazioni del Suo account dello store; eliminare l’app non annulla l’abbonamento.',
  subscriptionsRefunds: 'I rimborsi sono gestiti dallo store secondo le sue regole.',
  useLawfully: ({ app }) =>
    `Utilizzi ${app} nel rispetto della legge e non faccia un uso improprio dell’app: non tenti di comprometterne il funzionamento, di sovraccaricarla o di sottoporla a reverse engineering, e non la utilizzi per arrecare danno ad altri.`,
  mayChange: ({ entity, app }) => `${entity} può modificare, sospendere o interrompere funzionalità di ${app} in qualsiasi momento.`,
  medicalDefault: ({ app }) =>
    `${app} ha finalità esclusivamente informative e di benessere generale. Non è un dispositivo medico e non fornisce consulenza, diagnosi o cure mediche. Per qualsiasi questione medica si rivolga a un medico o a un altro professionista sanitario qualificato, e non ignori né rimandi mai il parere di un professionista a causa di quanto letto nell’app.`,
  asIs: ({ app, entity }) =>
    `L’app ${app} è fornita «così com’è», senza garanzie di alcun tipo, nei limiti consentiti dalla legge. ${entity} non risponde di danni indiretti o consequenziali derivanti dal Suo utilizzo dell’app, nei limiti consentiti dalla legge; nulla nelle presenti condizioni limita i diritti inderogabili che Le spettano in quanto consumatore.`,
  liabilityUnlimited:
    'Nessuna disposizione delle presenti condizioni esclude o limita la responsabilità per dolo o colpa grave, per morte o lesioni personali, né qualsiasi altra responsabilità che la legge non consente di escludere o limitare, come quella per danno da prodotti difettosi.',
  appleEula: ({ href }) => [
    'Se ha scaricato l’app dall’App Store di Apple, si applica anche il ',
    { text: 'Contratto di licenza con l’utente finale dell’applicazione concessa in licenza', href },
    ' di Apple (EULA standard).',
  ],
  privacyReference: ({ href }) => ['Il modo in cui trattiamo i dati personali è descritto nell’', { text: 'informativa sulla privacy', href }, '.'],
  governingLaw: ({ law }) => `Le presenti condizioni sono regolate dalla legge vigente in ${law}, ferma restando la tutela che Le riconosce la legge del paese in cui risiede.`,
  termsChanges: ({ contact }) => [
    'Quando le presenti condizioni vengono modificate, ne pubblichiamo una nuova versione con una nuova data di entrata in vigore; le versioni precedenti restano consultabili. Per qualsiasi domanda ci contatti ',
    ...contact,
    '.',
  ],
};

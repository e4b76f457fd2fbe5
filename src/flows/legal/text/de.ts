import type { LegalText } from './types.js';

/**
 * German (Germany). An AI translation by the Appflows team, to be reviewed by a native legal
 * professional before it is relied on.
 *
 * Terminology: the official German version of the GDPR (Verordnung (EU) 2016/679, DSGVO):
 * Verantwortlicher, Empfänger, personenbezogene Daten, Berichtigung, Löschung, Aufsichtsbehörde,
 * automatisierte Entscheidung / Profiling; "in unserem Auftrag" for what processors do (Art. 28,
 * Auftragsverarbeiter); "Medizinprodukt" as in the MDR; Rome I (Art. 6(2)) for the consumer's
 * protection under the law of their habitual residence ("gewöhnlicher Aufenthalt").
 *
 * Decisions:
 * - Formal address (Sie) throughout, as usual for legal texts (the page frame's catalog says du).
 * - Data kinds are in the accusative: every sentence that uses them makes them the object of
 *   "erhält" ("Erhält: Ihren Namen …", "AdNet erhält Ihren Namen …", "… selbst erhält:").
 * - Purposes are nominal phrases ("zur Analyse der App-Nutzung"), which list cleanly with "und".
 * - Device features use Apple's German names where they are also plain German (Bewegung &
 *   Fitness, Fotomediathek, Kamera, Mikrofon); for notifications the neutral "Benachrichtigungen"
 *   (Android's word; iOS says "Mitteilungen"), since the text serves both platforms. Tracking
 *   follows Apple's German App Store wording ("über Apps und Websites anderer Unternehmen hinweg").
 * - "App-Store" (hyphenated) means any app store; "App Store" is Apple's.
 * - Owner-written slots (jurisdiction, governing law) stand where no preposition or article must
 *   agree with them ("im Land des Anbieters (…)", "folgendes Recht: …"), so "Deutschland",
 *   "die Schweiz" or "deutsches Recht" all read correctly.
 */
export const de: LegalText = {
  lang: 'de',

  list: (w) => (w.length <= 1 ? (w[0] ?? '') : `${w.slice(0, -1).join(', ')} und ${w[w.length - 1]}`),
  kinds: {
    name: 'Ihren Namen',
    email: 'Ihre E-Mail-Adresse',
    phone: 'Ihre Telefonnummer',
    physical_address: 'Ihre Postanschrift',
    health: 'Gesundheitsdaten',
    fitness: 'Fitness- und Trainingsdaten',
    payment_info: 'Zahlungsinformationen',
    precise_location: 'Ihren genauen Standort',
    coarse_location: 'Ihren ungefähren Standort',
    contacts: 'Ihre Kontakte',
    messages: 'Nachrichten, die Sie verfassen',
    photos_videos: 'Fotos oder Videos',
    audio: 'Sprach- oder Tonaufnahmen',
    customer_support: 'Ihre Anfragen an den Support',
    user_content: 'Inhalte, die Sie verfassen oder einreichen',
    browsing_history: 'Ihren Browserverlauf',
    search_history: 'Ihre Suchanfragen in der App',
    user_id: 'eine Konto- oder Nutzerkennung',
    device_id: 'eine Geräte- oder Installationskennung',
    purchase_history: 'Ihre Käufe und Abonnements',
    product_interaction: 'Angaben dazu, wie Sie die App nutzen (aufgerufene Ansichten, Tippen, Auswahlen)',
    advertising_data: 'Werbung, die Sie sehen und antippen',
    other_usage_data: 'sonstige Nutzungsdaten',
    crash_data: 'Absturzberichte',
    performance_data: 'Leistungsmessungen (Startzeit, Hänger, Energieverbrauch)',
    other_diagnostic_data: 'sonstige technische Diagnosedaten',
    other: 'sonstige Daten',
  },
  purposes: {
    app_functionality: 'zur Bereitstellung der App-Funktionen',
    analytics: 'zur Analyse der App-Nutzung',
    product_personalization: 'zur Personalisierung der App',
    developer_advertising: 'zur Werbung für unsere eigenen Produkte',
    third_party_advertising: 'zur Anzeige von Werbung',
    developer_communications: 'zur Kommunikation mit Ihnen über die App',
    fraud_prevention: 'zur Verhinderung von Betrug und Missbrauch',
    account_management: 'zur Verwaltung Ihres Kontos',
    other: 'für sonstige Zwecke',
  },
  purposeCrash: 'zur Erkennung und Behebung von Abstürzen und Fehlern',
  capabilities: {
    health: 'Gesundheitsdaten (HealthKit / Health Connect)',
    motion: 'Bewegung & Fitness',
    location: 'Standort',
    notifications: 'Benachrichtigungen',
    cloud_sync: 'Cloud-Synchronisierung',
    camera: 'Kamera',
    photos: 'Fotomediathek',
    microphone: 'Mikrofon',
    speech_recognition: 'Spracherkennung',
    contacts: 'Kontakte',
    calendar: 'Kalender',
    bluetooth: 'Bluetooth',
    face_id: 'Face ID / Touch ID',
    other: 'Sonstiges',
  },
  access: { read: 'Lesen', write: 'Schreiben' },
  modes: {
    when_in_use: 'nur während Sie die App verwenden',
    always: 'auch im Hintergrund',
    local: 'auf Ihrem Gerät geplante Erinnerungen',
    push: 'Push-Benachrichtigungen',
  },
  flowTypes: {
    waitlist: 'Warteliste',
    feedback: 'Feedback',
    report: 'Problemmeldung',
    contact: 'Kontakt',
    crash: 'Absturzbericht',
    onboarding: 'Onboarding',
    referral: 'Weiterempfehlung',
    wishlist: 'Wunschliste',
    cancel: 'Kündigung',
    app_promotion: 'App-Empfehlungen',
  },
  presets: {
    revenuecat: 'RevenueCat wickelt In-App-Käufe und Abonnements ab: Der Dienst prüft Kaufbelege beim App-Store und teilt der App mit, welche Funktionen Sie bezahlt haben.',
    superwall: 'Superwall zeigt die Abo-Angebote der App an: Der Dienst entscheidet, welches Angebot angezeigt wird, und misst, welche Angebote zu einem Kauf führen.',
    firebase: 'Firebase, ein Dienst von Google, misst anhand pseudonymer Kennungen der App-Installation, wie die App genutzt wird.',
    amplitude: 'Amplitude misst, wie die App genutzt wird, damit wir erkennen, welche Funktionen hilfreich sind und welche eher verwirren.',
    posthog: 'PostHog misst, wie die App genutzt wird, damit wir erkennen, welche Funktionen hilfreich sind und welche eher verwirren.',
    sentry: 'Sentry erhält Absturzberichte und Leistungsmessungen, damit wir Fehler finden und beheben können.',
    mixpanel: 'Mixpanel misst, wie die App genutzt wird, damit wir erkennen, welche Funktionen hilfreich sind und welche eher verwirren.',
    onesignal: 'OneSignal stellt unsere Push-Benachrichtigungen und In-App-Nachrichten zu und teilt uns mit, welche davon geöffnet wurden.',
    admob: 'Google AdMob zeigt in der App Werbung an und misst, wie erfolgreich sie ist.',
    appsflyer: 'AppsFlyer teilt uns mit, welche unserer Werbekampagnen zu einer Installation oder einem Kauf geführt haben (Attribution).',
    crashlytics: 'Firebase Crashlytics, ein Dienst von Google, erhält Absturzberichte, damit wir Fehler finden und beheben können.',
    appflows: 'Appflows betreibt die gehosteten Formulare und Abläufe der App (etwa Feedback-, Support-, Wartelisten- und Empfehlungsseiten) und speichert, was Sie darüber senden.',
  },

  policyTitles: {
    who: 'Verantwortlicher',
    'on-device': 'Was auf Ihrem Gerät bleibt',
    'leaves-device': 'Daten, die Ihr Gerät verlassen, und ihre Empfänger',
    'device-features': 'Gerätefunktionen, die die App nutzt',
    claims: 'Verkauf von Daten, Werbung und Tracking',
    children: 'Kinder',
    health: 'Gesundheitsinformationen',
    retention: 'Speicherdauer',
    rights: 'Ihre Rechte',
    changes: 'Änderungen dieser Datenschutzerklärung',
  },
  termsTitles: {
    agreement: 'Geltungsbereich',
    subscriptions: 'Abonnements und Käufe',
    use: 'Nutzung der App',
    medical: 'Keine medizinische Beratung',
    liability: 'Gewährleistung und Haftung',
    eula: 'Lizenz für Apps aus dem App Store',
    privacy: 'Datenschutz',
    law: 'Anwendbares Recht',
    changes: 'Änderungen und Kontakt',
  },

  contactByEmail: ({ email }) => ['per E-Mail unter ', email],
  contactOtherwise: 'über die Kontaktangaben in der App oder auf ihrer Seite im App-Store',
  capability: ({ label, access, mode, use }) => {
    const how = [access, mode].filter(Boolean).join(', ');
    return `${label}${how ? ` (${how})` : ''}${use ? `: ${use}` : ''}`;
  },

  whoIsResponsible: ({ entity, jurisdiction, app }) =>
    `Verantwortlicher für die Verarbeitung personenbezogener Daten im Zusammenhang mit ${app} ist ${entity}${jurisdiction ? ` (${jurisdiction})` : ''}, Anbieter der App.`,
  reachUs: ({ contact }) => ['Sie erreichen uns ', ...contact, '.'],

  staysIntro: ({ entity }) => `Folgende Daten bleiben auf Ihrem Gerät und werden weder an ${entity} noch an andere übermittelt:`,
  staysExceptCoarser: ({ capability, kept, sent, recipients }) => `${capability} – ${kept} verarbeitet die App nur auf Ihrem Gerät; lediglich ${sent} übermittelt sie an ${recipients}`,
  cloudSyncNote: 'Die Cloud-Synchronisierung kopiert sie in Ihren eigenen privaten Cloud-Speicher (etwa iCloud), auf den wir keinen Zugriff haben.',
  deletingDeletes: ({ app }) => `Wenn Sie ${app} löschen, werden diese Daten gelöscht.`,

  nothingLeaves: ({ app }) => `Keine Daten verlassen Ihr Gerät: ${app} erhebt keine personenbezogenen Daten.`,
  onlyListedLeaves: 'Nur die hier aufgeführten Daten verlassen Ihr Gerät. Jeder Dienst erhält sie nur für den jeweils genannten Zweck und verarbeitet sie ausschließlich in unserem Auftrag.',
  onlyListedLeavesSomeOwnUse: ({ names }) =>
    `Nur die hier aufgeführten Daten verlassen Ihr Gerät. Jeder Dienst erhält sie für den jeweils genannten Zweck; ${names.length === 1 ? `${names[0]} nutzt` : `${names.slice(0, -1).join(', ')} und ${names[names.length - 1]} nutzen`} sie darüber hinaus als eigenständige Verantwortliche für eigene Zwecke, nach ihren eigenen Datenschutzhinweisen. Die übrigen Dienste verarbeiten sie ausschließlich in unserem Auftrag.`,
  processorReceivesLabel: 'Erhält:',
  processorReceives: ({ kinds, purposes, linked, linkedKinds, tracking }) =>
    `${kinds}, ${purposes}.${linkedKinds ? ` Davon können ${linkedKinds} mit Ihrer Identität verknüpft werden; die übrigen Daten nicht.` : linked ? ' Die Daten können mit Ihrer Identität verknüpft werden.' : ' Die Daten werden nicht mit Ihrer Identität verknüpft.'}${tracking ? ' Diese Daten werden zum Tracking verwendet.' : ''}`,
  processorThrough: ({ flows }) => `Über: ${flows.join(', ')}.`,
  flowName: ({ type, slug }) => (slug ? `${type} (${slug})` : type),
  processorPrivacyLink: ({ name }) => `Datenschutzerklärung von ${name}`,
  customProcessor: ({ name, kinds, purposes }) => `${name} erhält ${kinds}, ${purposes}.`,
  customProcessorUnmapped: ({ name }) => `${name} erhält Daten aus der App.`,
  entityReceives: ({ entity }) => `${entity} selbst erhält:`,
  entityReceivesItem: ({ kind, capability, use }) => `${kind} (${capability})${use ? `: ${use}` : ''}`,
  optionalFields: 'Ist ein Feld in einem Formular als freiwillig gekennzeichnet (etwa eine E-Mail-Adresse für eine Antwort), entscheiden Sie selbst, ob Sie es ausfüllen.',

  deviceFeaturesIntro: ({ app }) => `${app} bittet Sie um Erlaubnis, bevor die App eine dieser Funktionen nutzt, und Sie können die Erlaubnis in den Einstellungen Ihres Geräts widerrufen:`,
  deviceFeature: ({ capability, where }) =>
    `${capability}${where === 'sent' ? ' (Daten werden an uns übermittelt)' : where === 'push' ? ' (Zustellung über den Push-Dienst Ihrer Plattform)' : ' (Daten bleiben auf Ihrem Gerät)'}`,
  deviceFeatureSentTo: ({ capability, recipients }) => `${capability} (Daten werden an ${recipients} übermittelt)`,
  deviceFeatureCoarser: ({ capability, kept, sent, recipients }) => `${capability} (${kept} verarbeitet die App nur auf Ihrem Gerät; ${sent} übermittelt sie an ${recipients})`,

  claims: {
    sellsData: {
      yes: () => 'Wir verkaufen personenbezogene Daten an Dritte oder geben sie zu deren eigenen Zwecken an Dritte weiter.',
      no: () => 'Wir verkaufen Ihre personenbezogenen Daten nicht.',
    },
    advertising: { yes: ({ app }) => `${app} zeigt Werbung an.`, no: ({ app }) => `${app} zeigt keine Werbung an.` },
    tracking: {
      yes: () => 'Wir oder unsere Partner verfolgen Ihre Aktivitäten über Apps und Websites anderer Unternehmen hinweg (Tracking), soweit die Plattform es verlangt, nur mit Ihrer Erlaubnis.',
      no: () => 'Wir verfolgen Ihre Aktivitäten nicht über Apps und Websites anderer Unternehmen hinweg.',
    },
    analytics: {
      yes: () => 'Wir messen mit den oben aufgeführten Analysediensten, wie die App genutzt wird.',
      no: () => 'Wir setzen keine Analysedienste ein, um zu messen, wie Sie die App nutzen.',
    },
    profiling: {
      yes: () => 'Wir erstellen Profile, um automatisierte Entscheidungen über Sie zu treffen.',
      no: () => 'Wir erstellen kein Profil von Ihnen und treffen keine automatisierten Entscheidungen, die Sie betreffen.',
    },
  },

  forChildren: ({ app, contact }) => [
    `${app} richtet sich an Kinder. Wir erheben nur die Daten, die die App für ihre Funktion benötigt, und Eltern können `,
    ...contact,
    ' Auskunft über die Daten ihres Kindes oder deren Löschung verlangen.',
  ],
  forChildrenPlain: ({ app, contact }) => [`${app} richtet sich an Kinder. Eltern können `, ...contact, ' Auskunft über die Daten ihres Kindes oder deren Löschung verlangen.'],
  notForChildren: ({ age, app, contact }) => [
    `${app} richtet sich nicht an Kinder unter ${age} Jahren, und wir erheben wissentlich keine personenbezogenen Daten von ihnen. Wenn Sie annehmen, dass uns ein Kind Daten übermittelt hat, teilen Sie uns dies bitte `,
    ...contact,
    ' mit; wir löschen die Daten dann.',
  ],

  noMedicalAdvice: ({ app }) => `${app} bietet keine medizinische Beratung; siehe dazu die Nutzungsbedingungen.`,

  retentionOnDevice: 'Daten auf Ihrem Gerät bleiben dort, bis Sie sie oder die App löschen.',
  retentionSent:
    'Daten, die an die oben genannten Dienste übermittelt werden, werden nur so lange gespeichert, wie es für den Zweck, zu dem sie erhoben wurden, erforderlich ist, oder so, wie es in den Datenschutzerklärungen dieser Dienste beschrieben ist; was Sie über die Formulare der App senden, speichern wir, bis Sie uns um Löschung bitten oder wir es nicht mehr benötigen.',

  rights: ({ contact }) => [
    'Sie können von uns Auskunft über die personenbezogenen Daten, die wir über Sie gespeichert haben, und eine Kopie dieser Daten verlangen sowie deren Berichtigung oder Löschung. Wenden Sie sich dazu ',
    ...contact,
    ' an uns; wir antworten innerhalb von 30 Tagen.',
  ],
  complain: ({ jurisdiction }) =>
    `Sie haben außerdem das Recht, sich bei einer Datenschutz-Aufsichtsbehörde zu beschweren, insbesondere an Ihrem Wohnort oder im Land des Anbieters (${jurisdiction}).`,

  policyChanges:
    'Wenn sich diese Datenschutzerklärung ändert, veröffentlichen wir eine neue Fassung mit einem neuen Datum des Inkrafttretens. Jede frühere Fassung bleibt unter ihrer eigenen Adresse abrufbar; siehe den Versionsverlauf unten.',

  agreement: ({ entity, jurisdiction, app }) =>
    `Diese Nutzungsbedingungen sind eine Vereinbarung zwischen Ihnen und ${entity}${jurisdiction ? ` (${jurisdiction})` : ''} über Ihre Nutzung von ${app}. Indem Sie ${app} nutzen, akzeptieren Sie diese Bedingungen.`,
  minimumAge: ({ age, app }) => `Sie müssen mindestens ${age} Jahre alt sein, um ${app} zu nutzen.`,
  subscriptionsBilling: 'Käufe und Abonnements werden über Ihr Konto beim App-Store abgeschlossen und vom App-Store abgerechnet.',
  subscriptionsRenewal:
    'Ein Abonnement verlängert sich automatisch um denselben Zeitraum zum selben Preis, sofern Sie die automatische Verlängerung nicht spätestens 24 Stunden vor Ablauf des laufenden Zeitraums deaktivieren. Sie können Abonnements in den Einstellungen Ihres App-Store-Kontos verwalten und kündigen; das Löschen der App kündigt ein Abonnement nicht.',
  subscriptionsRefunds: 'Erstattungen wickelt der App-Store nach seinen eigenen Regeln ab.',
  useLawfully: ({ app }) =>
    `Nutzen Sie ${app} rechtmäßig und missbrauchen Sie die App nicht: Versuchen Sie nicht, sie zu beschädigen, zu überlasten oder zurückzuentwickeln (Reverse Engineering), und nutzen Sie sie nicht, um anderen zu schaden.`,
  mayChange: ({ entity, app }) => `${entity} kann Funktionen von ${app} jederzeit ändern, aussetzen oder einstellen.`,
  medicalDefault: ({ app }) =>
    `${app} dient ausschließlich der allgemeinen Information und dem Wohlbefinden. Die App ist kein Medizinprodukt und bietet keine medizinische Beratung, Diagnose oder Behandlung. Wenden Sie sich mit medizinischen Fragen an eine Ärztin, einen Arzt oder eine andere qualifizierte medizinische Fachkraft, und missachten oder verzögern Sie fachlichen Rat niemals wegen etwas, das Sie in der App gelesen haben.`,
  asIs: ({ app, entity }) =>
    `${app} wird, soweit gesetzlich zulässig, „wie besehen“ und ohne jegliche Gewährleistung bereitgestellt. ${entity} haftet, soweit gesetzlich zulässig, nicht für mittelbare Schäden oder Folgeschäden aus Ihrer Nutzung der App; zwingende Rechte, die Ihnen als Verbraucher zustehen, bleiben von diesen Bedingungen unberührt.`,
  liabilityUnlimited:
    'Die Haftung für Vorsatz und grobe Fahrlässigkeit, für Schäden aus der Verletzung des Lebens, des Körpers oder der Gesundheit sowie jede andere Haftung, die gesetzlich nicht ausgeschlossen oder beschränkt werden kann, etwa nach dem Produkthaftungsrecht, bleibt von diesen Bedingungen unberührt.',
  appleEula: ({ href }) => [
    'Wenn Sie die App aus dem App Store von Apple geladen haben, gilt außerdem Apples ',
    { text: 'Standard-Endbenutzer-Lizenzvertrag für lizenzierte Apps', href },
    '.',
  ],
  privacyReference: ({ href }) => ['Wie wir personenbezogene Daten verarbeiten, erfahren Sie in unserer ', { text: 'Datenschutzerklärung', href }, '.'],
  governingLaw: ({ law }) =>
    `Für diese Nutzungsbedingungen gilt folgendes Recht: ${law}. Der Schutz, den Ihnen die zwingenden Vorschriften des Staates gewähren, in dem Sie Ihren gewöhnlichen Aufenthalt haben, bleibt davon unberührt.`,
  termsChanges: ({ contact }) => [
    'Wenn sich diese Nutzungsbedingungen ändern, veröffentlichen wir eine neue Fassung mit einem neuen Datum des Inkrafttretens; frühere Fassungen bleiben abrufbar. Bei Fragen wenden Sie sich ',
    ...contact,
    ' an uns.',
  ],
};

import { personIn, withPhone } from './law.person.js';
import type { LawText } from './law.types.js';

/**
 * Italian, the law sections. An AI translation by the Appflows team, to be reviewed by a native
 * legal professional before it is relied on.
 *
 * Terminology: the official Italian version of the GDPR (cited the Italian way, "art. 6, paragrafo 1,
 * lettera a), GDPR"; "GDPR" as Italian privacy notices commonly write it) — base
 * giuridica, consenso esplicito, categorie particolari di dati personali, legittimo interesse,
 * diritto di accesso, rettifica, cancellazione, limitazione di trattamento, portabilità,
 * opposizione, marketing diretto, motivi legittimi cogenti, autorità di controllo, proporre
 * reclamo, responsabile della protezione dei dati, rappresentante; Chapter V and Decision
 * 2021/914: decisione di adeguatezza, clausole contrattuali tipo, Spazio economico europeo;
 * Decision 2023/1795: quadro UE-USA per la protezione dei dati personali; the Swiss authority by
 * its official Italian name (Incaricato federale della protezione dei dati e della trasparenza).
 * US statutes keep their English names (no official Italian ones); CCPA "personal information" is
 * "informazioni personali", kept apart from the GDPR's "dati personali". Address: "Lei", as in
 * text/it.ts.
 */

const person = personIn();

/** National laws on storing or reading information on the device beside ePrivacy Art. 5(3), by the owner's country. */
const DEVICE_ACCESS_NATIONAL: Record<string, string> = {
  DE: '§ 25 della legge tedesca TDDDG',
  FR: 'art. 82 della legge francese Informatique et Libertés',
  ES: 'art. 22, comma 2, della legge spagnola LSSI (Ley 34/2002)',
  IT: 'art. 122 del Codice in materia di protezione dei dati personali (d.lgs. 196/2003)',
  NL: 'art. 11.7a della Telecommunicatiewet olandese',
  AT: '§ 165 della legge austriaca TKG 2021',
};

export const lawIt: LawText = {
  titles: {
    'legal-bases': 'Basi giuridiche del trattamento',
    purposes: 'Finalità del trattamento',
    transfers: 'Trasferimenti al di fuori dello Spazio economico europeo, del Regno Unito e della Svizzera',
    'us-privacy': 'I Suoi diritti ai sensi delle leggi statali statunitensi sulla privacy',
  },

  postalAddress: ({ address }) => `Indirizzo postale: ${address}.`,
  dpo: (p) => ['Il nostro responsabile della protezione dei dati è ', ...person(p), '.'],
  euRepresentative: (p) => ['Il nostro rappresentante nell’Unione europea (art. 27 GDPR) è ', ...person(p), '.'],
  ukRepresentative: (p) => ['Il nostro rappresentante nel Regno Unito (art. 27 UK GDPR) è ', ...person(p), '.'],
  swissRepresentative: (p) => ['Il nostro rappresentante in Svizzera (art. 14 della legge federale svizzera sulla protezione dei dati, LPD) è ', ...person(p), '.'],

  lawName: ({ eu, uk, ch }) => (eu && uk ? 'GDPR e UK GDPR' : uk ? 'UK GDPR' : eu || !ch ? 'GDPR' : 'GDPR, nella misura consentita dalla legge federale svizzera sulla protezione dei dati'),
  basesIntro: ({ law }) => `Utilizziamo i dati personali solo per le finalità indicate di seguito, ciascuna fondata su una delle basi giuridiche previste dal ${law}:`,
  purposeHeadings: {
    app_functionality: 'Funzionamento dell’app',
    analytics: 'Analisi dell’utilizzo dell’app',
    product_personalization: 'Personalizzazione dell’app',
    developer_advertising: 'Comunicazioni commerciali sui nostri prodotti',
    third_party_advertising: 'Pubblicità nell’app',
    developer_communications: 'Comunicazioni relative all’app',
    fraud_prevention: 'Prevenzione di frodi e abusi',
    account_management: 'Gestione del Suo account',
    other: 'Altre finalità',
    crash_reporting: 'Individuazione e correzione di arresti anomali ed errori',
  },
  basisItem: ({ purpose, basis }) => `${purpose}: ${basis}.`,
  bases: {
    consent: ({ law }) => `il Suo consenso (art. 6, paragrafo 1, lettera a), ${law})`,
    contract: ({ law }) => `l’esecuzione del contratto concluso con Lei, ossia la fornitura dell’app e delle funzioni da Lei richieste (art. 6, paragrafo 1, lettera b), ${law})`,
    legal_obligation: ({ law }) => `l’adempimento di un obbligo legale (art. 6, paragrafo 1, lettera c), ${law})`,
    legitimate_interests: ({ law }) => `il nostro legittimo interesse (art. 6, paragrafo 1, lettera f), ${law})`,
  },
  withdrawConsent: ({ law }) =>
    `Quando il trattamento si basa sul Suo consenso, può revocarlo in qualsiasi momento, con la stessa facilità con cui lo ha prestato (nell’app o scrivendoci); la revoca non pregiudica la liceità del trattamento basata sul consenso prestato prima della revoca (art. 7, paragrafo 3, ${law}).`,
  healthConsent: ({ law }) =>
    `I dati relativi alla salute rientrano nelle categorie particolari di dati personali: li trattiamo solo con il Suo consenso esplicito (art. 9, paragrafo 2, lettera a), ${law}), che può revocare in qualsiasi momento.`,
  legitimateInterests:
    'Il nostro legittimo interesse consiste nel garantire il funzionamento affidabile e sicuro dell’app, nel capire come viene utilizzata per poterla migliorare e nel prevenire abusi. Può opporsi al trattamento basato su tale interesse (si veda «I Suoi diritti»).',

  provisionRequirement:
    'Nessuna norma di legge né alcun contratto La obbliga a fornirci dati personali. Alcune funzioni hanno bisogno di determinati dati per funzionare (un indirizzo e-mail per una risposta, un acquisto per un abbonamento); senza di essi può continuare a utilizzare il resto dell’app.',
  childConsent: ({ law }) =>
    `Quando ci basiamo sul consenso e Lei non ha ancora raggiunto l’età del consenso digitale, il consenso deve essere prestato o autorizzato dal titolare della responsabilità genitoriale, e ci adoperiamo in ogni modo ragionevole per verificarlo (art. 8 ${law}). Tale età è:`,
  consentAgeItem: ({ age, countries }) => `${age} anni: ${countries}`,
  fadpAlso:
    'Quando si applica la legge federale svizzera sulla protezione dei dati (LPD), essa non richiede una base giuridica per queste finalità: un trattamento che rispetta i suoi principi è lecito e, se dovesse ledere illecitamente la Sua personalità, ci basiamo su un motivo giustificativo (art. 31 LPD), come il Suo consenso o un interesse preponderante.',

  // The FADP's Italian terms and Swiss citation style (art. 19 cpv. 2 lett. c LPD).
  fadpPurposesIntro: 'Trattiamo dati personali per le finalità seguenti (art. 19 cpv. 2 lett. c della legge federale svizzera sulla protezione dei dati, LPD):',
  fadpRecipients: ({ recipients, transfers }) =>
    `Li comunichiamo solo ai destinatari indicati in «${recipients}»; dove li trattano e come è protetta una comunicazione all’estero è indicato in «${transfers}» (art. 16, 17 e 19 cpv. 4 LPD).`,
  fadpLawful:
    'La LPD non richiede una base giuridica per ogni finalità: un trattamento che rispetta i suoi principi (art. 6 LPD) è lecito finché non lede illecitamente la Sua personalità. In tal caso trattiamo i dati solo in presenza di un motivo giustificativo (art. 31 LPD): il Suo consenso, un interesse preponderante privato o pubblico, oppure la legge.',
  fadpConsent: 'Quando l’app Le chiede il consenso, trattiamo i dati interessati solo con il Suo consenso; può revocarlo in qualsiasi momento, con effetto per il futuro.',
  fadpHealth:
    'I dati sulla salute sono dati personali degni di particolare protezione (art. 5 lett. c LPD): li trattiamo solo con il Suo consenso esplicito (art. 6 cpv. 7 lett. a LPD), che può revocare in qualsiasi momento.',
  transfersIntro: () =>
    'Dove ciascuno dei servizi sopra indicati tratta i dati e come sono protetti i dati trasferiti al di fuori dello Spazio economico europeo, del Regno Unito o della Svizzera:',
  transfer: ({ name, locations, mechanism, regimes, dpf }) => {
    const where = locations ? ` in ${locations}` : '';
    if (mechanism === 'eea') return `${name} tratta i dati${where}, all’interno dello Spazio economico europeo: non avviene alcun trasferimento al di fuori di esso.`;
    if (mechanism === 'adequacy')
      return `${name} tratta i dati${where}, in un paese per il quale la Commissione europea ha deciso che garantisce un livello di protezione adeguato (decisione di adeguatezza, art. 45 GDPR).`;
    if (mechanism === 'dpf') {
      const w = ['del quadro UE-USA per la protezione dei dati personali (EU-US Data Privacy Framework)', regimes.uk && dpf.uk && 'della sua estensione per il Regno Unito', regimes.ch && dpf.swiss && 'del quadro Svizzera-USA per la protezione dei dati (Swiss-U.S. Data Privacy Framework)'].filter((x): x is string => !!x);
      const frameworks = w.length === 1 ? w[0] : `${w.slice(0, -1).join(', ')} e ${w[w.length - 1]}`;
      const scc = [
        regimes.uk && !dpf.uk && 'i trasferimenti dal Regno Unito si basano sulle clausole contrattuali tipo, integrate dall’addendum del Regno Unito sul trasferimento internazionale dei dati (UK International Data Transfer Addendum) (art. 46 UK GDPR)',
        regimes.ch && !dpf.swiss && 'i trasferimenti dalla Svizzera si basano sulle clausole contrattuali tipo, riconosciute dall’Incaricato federale della protezione dei dati e della trasparenza (IFPDT) svizzero',
      ].filter(Boolean);
      return `${name} tratta i dati${where} ed è certificato nell’ambito ${frameworks}; la Commissione europea ha deciso che il quadro UE-USA garantisce un livello di protezione adeguato (art. 45 GDPR)${scc.length ? `; ${scc.join('; ')}` : ''}.`;
    }
    return `${name} tratta i dati${where}; il trasferimento è tutelato dalle clausole contrattuali tipo adottate dalla Commissione europea (art. 46, paragrafo 2, lettera c), GDPR)${regimes.uk ? ', integrate dall’addendum del Regno Unito sul trasferimento internazionale dei dati (UK International Data Transfer Addendum)' : ''}${regimes.ch ? ', riconosciute dall’Incaricato federale della protezione dei dati e della trasparenza (IFPDT) svizzero' : ''}.`;
  },
  regionEea: 'Spazio economico europeo',
  placeNotes: {
    if_chosen: ({ region }) => `${region} (se per l’app è scelta tale regione)`,
    cdn: () => 'sedi di una rete di distribuzione dei contenuti in tutto il mondo',
    vendor_facilities: () => 'altri paesi in cui il fornitore o i suoi agenti dispongono di strutture',
  },
  transferUnknown: ({ name }) => `Non abbiamo registrato dove ${name} tratta i dati né quale garanzia tutela il trasferimento; se queste informazioni Le servono, ci contatti.`,
  transferSource: ({ link }) => ['Fonte: ', link, '.'],
  transfersCopy: ({ contact }) => ['Può chiederci una copia di tali garanzie contattandoci ', ...contact, '.'],

  retentionIntro: 'Periodo di conservazione per ciascun tipo di dati che lascia il Suo dispositivo:',
  retentionItem: ({ kind, period }) => `${kind.charAt(0).toUpperCase()}${kind.slice(1)}: ${period}`,
  retention: {
    until_deleted: 'fino a quando non ci chiede di cancellarli o, prima, quando non sono più necessari per le finalità per cui sono stati raccolti',
    usage: 'per il periodo di conservazione impostato nel nostro account presso il servizio, al termine del quale sono cancellati o resi anonimi',
    diagnostics: 'per il tempo necessario a individuare e correggere il problema; successivamente sono cancellati secondo il periodo di conservazione del servizio',
    purchases: 'per il tempo in cui la normativa fiscale e commerciale ci impone di conservare la documentazione degli acquisti',
  },

  rightsIntro: ({ law }) => `Ai sensi del ${law}, Lei ha il diritto di:`,
  rightsList: [
    'ottenere una copia dei dati personali che La riguardano in nostro possesso e informazioni su come li utilizziamo (diritto di accesso);',
    'ottenere la rettifica dei dati inesatti (diritto di rettifica);',
    'ottenere la cancellazione dei Suoi dati (diritto alla cancellazione);',
    'ottenere la limitazione del loro trattamento (diritto di limitazione di trattamento);',
    'ricevere i dati che ci ha fornito in un formato strutturato, di uso comune e leggibile da dispositivo automatico, o ottenerne la trasmissione a un altro titolare del trattamento (diritto alla portabilità dei dati).',
  ],
  objection:
    'Diritto di opposizione: quando trattiamo i Suoi dati sulla base del nostro legittimo interesse, può opporsi in qualsiasi momento, per motivi connessi alla Sua situazione particolare; in tal caso interrompiamo il trattamento, salvo che dimostriamo l’esistenza di motivi legittimi cogenti. Può opporsi in qualsiasi momento, senza doverne indicare i motivi, al trattamento dei Suoi dati per finalità di marketing diretto.',
  postMortem:
    'Ai sensi del diritto francese, può inoltre darci istruzioni sulla sorte dei Suoi dati personali dopo la Sua morte: conservazione, cancellazione o comunicazione (art. 85 della legge francese Informatique et Libertés).',
  automatedDecisions:
    'Ha inoltre il diritto di non essere sottoposto a una decisione basata unicamente sul trattamento automatizzato, compresa la profilazione, che produca effetti giuridici che La riguardano o che incida in modo analogo significativamente sulla Sua persona.',
  rightsHow: ({ contact }) => ['Per esercitare uno qualsiasi di questi diritti, ci contatti ', ...contact, '; Le risponderemo entro un mese.'],
  authority: ({ authority }) => [
    'Ha inoltre il diritto di proporre reclamo a un’autorità di controllo, in particolare nel paese in cui risiede abitualmente o lavora, oppure all’autorità di controllo competente nei nostri confronti: ',
    authority,
    '.',
  ],
  authorityGermany: ({ list }) => [
    'Ha inoltre il diritto di proporre reclamo a un’autorità di controllo, in particolare nel paese in cui risiede abitualmente o lavora, oppure all’autorità di protezione dei dati del Land tedesco in cui abbiamo sede (si veda l’',
    list,
    ').',
  ],
  authorityWhereYouLive: 'Ha inoltre il diritto di proporre reclamo all’autorità di controllo per la protezione dei dati del paese in cui risiede abitualmente o lavora.',
  germanAuthoritiesList: 'elenco delle autorità tedesche di protezione dei dati',
  otherRequestMethods: ({ form, phone }) =>
    form && phone
      ? ['Può presentare queste richieste anche tramite il nostro modulo web all’indirizzo ', form, ` oppure chiamandoci al numero verde ${phone}.`]
      : form
        ? ['Può presentare queste richieste anche tramite il nostro modulo web all’indirizzo ', form, '.']
        : [`Può presentare queste richieste anche chiamandoci al numero verde ${phone}.`],

  fadpRightsIntro: 'Ai sensi della LPD, Lei ha il diritto di:',
  fadpRightsList: [
    'chiedere se trattiamo dati personali che La riguardano e, in tal caso, ottenerli insieme alle informazioni previste dalla legge (diritto d’accesso, art. 25 LPD);',
    'ricevere i dati personali che ci ha comunicato in un formato elettronico usuale, o farli trasmettere a un altro titolare del trattamento (diritto alla consegna e alla trasmissione dei dati, art. 28 LPD);',
    'ottenere la rettifica dei dati personali inesatti (rettifica, art. 32 cpv. 1 LPD);',
    'ottenere la cancellazione dei Suoi dati personali o il divieto del loro trattamento, e opporsi al loro trattamento o alla loro comunicazione a terzi (cancellazione e opposizione, art. 30 cpv. 2 lett. b e art. 32 cpv. 2 LPD).',
  ],
  fadpAutomatedDecisions:
    'Quando prendiamo una decisione basata esclusivamente su un trattamento automatizzato che ha effetti giuridici per Lei o La riguarda in modo significativo, La informiamo; può esprimere il Suo punto di vista e chiedere che la decisione sia riesaminata da una persona fisica (art. 21 LPD).',
  fadpRightsHow: ({ contact }) => ['Per esercitare uno qualsiasi di questi diritti, ci contatti ', ...contact, '; Le risponderemo entro 30 giorni.'],
  fadpAuthority: ({ authority }) => ['Può inoltre denunciare una violazione delle prescrizioni sulla protezione dei dati all’autorità di vigilanza (art. 49 LPD): ', authority, '.'],
  fadpRightsAlso: ({ authority }) => [
    'Se si trova in Svizzera, ha questi diritti anche ai sensi della legge federale svizzera sulla protezione dei dati (LPD) (accesso, art. 25; consegna e trasmissione dei dati, art. 28; rettifica e cancellazione, art. 32 LPD) e può denunciare una violazione all’autorità di vigilanza svizzera: ',
    authority,
    '.',
  ],

  deviceAccessLaw: ({ eu, uk, country }) =>
    [eu && `art. 5, paragrafo 3, della direttiva relativa alla vita privata e alle comunicazioni elettroniche${country && DEVICE_ACCESS_NATIONAL[country] ? ` e ${DEVICE_ACCESS_NATIONAL[country]}` : ''}`, uk && 'regolamento 6 delle PECR del Regno Unito'].filter(Boolean).join('; '),
  deviceAccessConsent: ({ law, services }) => `I seguenti servizi archiviano un identificativo sul Suo dispositivo o vi accedono solo con il Suo consenso (${law}), che può revocare in qualsiasi momento con effetto per il futuro: ${services}.`,
  deviceAccessNoConsent: ({ service, purposes, bases }) => `${service} archivia un identificativo sul Suo dispositivo o vi accede ${purposes}, senza chiederLe il consenso; la base giuridica è ${bases}.`,
  deviceAccessNeeded: ({ law, services }) => `I seguenti servizi archiviano un identificativo sul Suo dispositivo o vi accedono solo nella misura strettamente necessaria a fornire l’app o una funzione da Lei richiesta, il che non richiede il Suo consenso (${law}): ${services}.`,
  ccpaIntro:
    'Se risiede in California, il California Consumer Privacy Act, come modificato dal California Privacy Rights Act (CCPA), Le riconosce i diritti indicati di seguito; i residenti di altri Stati USA dotati di leggi analoghe godono di diritti analoghi. Negli ultimi 12 mesi abbiamo raccolto, presso di Lei e il Suo dispositivo, le seguenti categorie di informazioni personali:',
  ccpaCategories: {
    identifiers: 'Identificativi (ad esempio un indirizzo e-mail, un identificativo di account o un identificativo del dispositivo)',
    customer_records: 'Informazioni personali contenute nei registri dei clienti (ad esempio nome, numero di telefono o indirizzo postale)',
    commercial: 'Informazioni commerciali (acquisti e abbonamenti)',
    internet_activity: 'Attività su Internet o su altre reti elettroniche (modo in cui usa l’app, dati diagnostici)',
    geolocation: 'Dati di geolocalizzazione (posizione approssimativa)',
    sensory: 'Informazioni audio, elettroniche o visive (foto, video, registrazioni)',
    sensitive: 'Informazioni personali sensibili (dati relativi alla salute, posizione precisa)',
    inferences: 'Inferenze tratte per creare un profilo che La riguarda',
    other: 'Altre informazioni che ci fornisce (ad esempio messaggi e contenuti che invia)',
  },
  ccpaCollected: ({ category, purposes }) => `${category}: ${purposes}.`,
  ccpaNoSaleOrShare: 'Non vendiamo le Sue informazioni personali e non le condividiamo per finalità di pubblicità comportamentale cross-contesto (cross-context behavioral advertising).',
  ccpaNoSaleMinors: 'Ciò vale anche per le informazioni personali dei consumatori di età inferiore a 16 anni.',
  ccpaMinorsOptIn:
    'Non vendiamo né condividiamo le informazioni personali di consumatori che sappiamo avere meno di 16 anni senza un’autorizzazione espressa (consenso preventivo, «opt-in»): del consumatore stesso se ha tra 13 e 15 anni, di un genitore o tutore se ha meno di 13 anni (California Civil Code, § 1798.120).',
  ccpaSold: ({ categories }) => `Vendiamo le seguenti categorie di informazioni personali: ${categories}.`,
  ccpaShared: ({ categories, recipients }) => `Condividiamo con ${recipients}, per finalità di pubblicità comportamentale cross-contesto, le seguenti categorie di informazioni personali: ${categories}.`,
  ccpaOptOut: ({ contact }) => [
    'Può esercitare in qualsiasi momento il diritto di opt-out dalla vendita o dalla condivisione delle Sue informazioni personali: ci contatti ',
    ...contact,
    ' indicando come oggetto «Do Not Sell or Share My Personal Information» (non vendere né condividere le mie informazioni personali). Consideriamo inoltre il segnale Global Privacy Control del Suo browser o dispositivo come una richiesta di opt-out.',
  ],
  ccpaSensitive: 'Utilizziamo le informazioni personali sensibili solo per fornire l’app e le funzioni da Lei richieste, come consentito dal CCPA; non le utilizziamo per dedurre Sue caratteristiche.',
  ccpaRights: ({ contact }) => [
    'Ha il diritto di sapere quali informazioni personali raccogliamo, utilizziamo e comunichiamo, di ottenerne una copia, di farle correggere e di farle cancellare. Per esercitare questi diritti ci contatti ',
    ...contact,
    '; confermeremo la ricezione entro 10 giorni lavorativi, risponderemo entro 45 giorni e potremo chiederLe informazioni per verificare che la richiesta provenga da Lei.',
  ],
  ccpaAppeal: ({ contact }) => [
    'Se respingiamo la Sua richiesta, può presentare ricorso scrivendoci ',
    ...contact,
    ' con l’oggetto «Ricorso»; rispondiamo entro 45 giorni motivando la nostra decisione. Se respingiamo il ricorso, può rivolgersi al procuratore generale (Attorney General) del Suo Stato.',
  ],
  ccpaAgents: 'Può incaricare un agente autorizzato di presentare una richiesta per Suo conto; potremo chiedere all’agente la Sua autorizzazione firmata e chiedere a Lei di verificare la Sua identità.',
  ccpaNoDiscrimination:
    'Non La discrimineremo per aver esercitato uno qualsiasi di questi diritti: non Le negheremo l’app, non Le applicheremo un prezzo diverso e non Le offriremo una diversa qualità del servizio.',
  ccpaDisclosed: 'Negli ultimi 12 mesi abbiamo comunicato, per una finalità aziendale (business purpose), le seguenti categorie di informazioni personali a questi destinatari:',
  ccpaCategoryNames: {
    identifiers: 'Identificativi',
    customer_records: 'Informazioni personali contenute nei registri dei clienti',
    commercial: 'Informazioni commerciali',
    internet_activity: 'Attività su Internet o su altre reti elettroniche',
    geolocation: 'Dati di geolocalizzazione',
    sensory: 'Informazioni audio, elettroniche o visive',
    sensitive: 'Informazioni personali sensibili',
    inferences: 'Inferenze tratte per creare un profilo che La riguarda',
    other: 'Altre informazioni che ci fornisce',
  },
  ccpaCategoryKinds: ({ category, kinds }) => `${category} (${kinds})`,
  ccpaDisclosedItem: ({ category, recipients }) => `${category} — destinatari: ${recipients}.`,
  doNotTrack: ({ trackers }) =>
    trackers
      ? `La legge californiana (CalOPPA) ci chiede di indicare come rispondiamo al segnale «Do Not Track» di un browser: l’app non vi risponde, poiché non esiste uno standard comune. I seguenti terzi possono raccogliere, mentre usa l’app, informazioni personali sulla Sua attività nel tempo su app e siti web di altre aziende: ${trackers}.`
      : 'La legge californiana (CalOPPA) ci chiede di indicare come rispondiamo al segnale «Do Not Track» di un browser: non tracciamo la Sua attività nel tempo su app e siti web di altre aziende e non consentiamo ad altri di farlo tramite l’app, quindi un tale segnale non ha nulla da disattivare.',

  coppaConsent:
    'Ai sensi del Children’s Online Privacy Protection Act (COPPA) statunitense, raccogliamo informazioni personali di un minore di 13 anni solo dopo che un genitore ha prestato un consenso verificabile, salvo i casi in cui la legge dispone diversamente (ad esempio per rispondere una sola volta alla richiesta di un genitore), e non raccogliamo più di quanto l’attività richieda.',
  coppaVerifiableConsent:
    'Ai sensi del Children’s Online Privacy Protection Act (COPPA) statunitense, otteniamo un consenso verificabile dei genitori prima di raccogliere informazioni personali di un minore di 13 anni, salvo i casi in cui si applica una delle eccezioni della COPPA Rule (16 CFR 312.5), ad esempio quando raccogliamo l’indirizzo e-mail di un genitore solo per chiedergli tale consenso.',
  coppaPublic: ({ public: shown }) =>
    shown
      ? 'I bambini possono rendere pubbliche informazioni personali nell’app: le idee e i commenti pubblicati nella sua bacheca dei suggerimenti, con il nome indicato, sono visibili a chiunque la apra. Un genitore può chiederci di eliminarli.'
      : 'Le funzionalità descritte nella presente informativa non consentono ai bambini di rendere pubbliche informazioni personali: nulla di ciò che inviano tramite esse viene mostrato ad altri utenti o al pubblico.',
  coppaParents: ({ contact }) => [
    'Un genitore può consultare le informazioni personali del proprio figlio in nostro possesso, chiederne la cancellazione e rifiutarne l’ulteriore raccolta o utilizzo: a tal fine ci contatti ',
    ...contact,
    '.',
  ],
  coppaOperator: (p) => ['L’operatore che raccoglie e conserva le informazioni personali dei minori tramite l’app: ', ...person({ ...p, address: withPhone(p.address, p.phone, 'telefono ') }), '.'],
  coppaThirdParties:
    'Un genitore può acconsentire alla raccolta e all’utilizzo delle informazioni personali del figlio senza acconsentire alla loro comunicazione a terzi, salvo che tale comunicazione sia parte integrante dell’app.',
  coppaNoAds: 'Non mostriamo ai minori pubblicità comportamentale (basata sugli interessi) e non tracciamo la loro attività su app e siti web di altre aziende.',

  englishPrevails: ({ href }) => ['Questa è una traduzione. La ', { text: 'versione inglese', href }, ' è quella facente fede; in caso di discordanza prevale la versione inglese.'],
};

import { personIn, withPhone } from './law.person.js';
import type { LawText } from './law.types.js';

/**
 * German (Germany), the law sections. An AI translation by the Appflows team, to be reviewed by a
 * native legal professional before it is relied on.
 *
 * Terminology: the official German version of the GDPR (DSGVO) — Einwilligung, Erfüllung eines
 * Vertrags, rechtliche Verpflichtung, berechtigte Interessen, besondere Kategorien
 * personenbezogener Daten, ausdrückliche Einwilligung, Widerruf, Angemessenheitsbeschluss,
 * geeignete Garantien, Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung,
 * Datenübertragbarkeit, Widerspruchsrecht, Direktwerbung, Aufsichtsbehörde, Vertreter in der
 * Union, Datenschutzbeauftragter; the Commission's German names for the Standardvertragsklauseln
 * (2021/914) and the Datenschutzrahmen EU–USA; the EDÖB for the Swiss FDPIC. Articles are cited in full
 * ("Artikel 6 Absatz 1 Buchstabe a DSGVO"), as German statutes do; "Art." would also be right.
 *
 * Decisions:
 * - Formal address (Sie), as in the first part (de.ts).
 * - The UK GDPR keeps its English name (no official German one); US statutes (CCPA, CPRA, COPPA)
 *   too, each explained on first mention. "personal information" under the CCPA is
 *   "personenbezogene Informationen", to keep it apart from the GDPR's "personenbezogene Daten".
 * - The opt-out subject line is German ("Meine personenbezogenen Informationen nicht verkaufen
 *   oder weitergeben"): the reader writes it; any wording that asks to opt out is a valid request.
 * - Where a processor works is given as "(Verarbeitungsort: …)" so no preposition or article has
 *   to agree with the place names.
 * - The retention list is introduced by "Wir speichern … wie folgt:" because the first part's data
 *   kinds are accusative ("Ihren Namen: …").
 */

const person = personIn();

/** The law's name with its article, for running text: "der DSGVO", "der DSGVO und der UK GDPR". */
const der = (law: string) => law.split(' und ').map((x) => `der ${x}`).join(' und ');

/** National laws on storing or reading information on the device beside ePrivacy Art. 5(3), by the owner's country. */
const DEVICE_ACCESS_NATIONAL: Record<string, string> = {
  DE: '§ 25 TDDDG',
  FR: 'Artikel 82 des französischen Gesetzes Informatique et Libertés',
  ES: 'Artikel 22 Absatz 2 des spanischen LSSI (Ley 34/2002)',
  IT: 'Artikel 122 des italienischen Codice della privacy (Decreto legislativo 196/2003)',
  NL: 'Artikel 11.7a des niederländischen Telekommunikationsgesetzes (Telecommunicatiewet)',
  AT: '§ 165 des österreichischen TKG 2021',
};

export const lawDe: LawText = {
  titles: {
    'legal-bases': 'Rechtsgrundlagen',
    purposes: 'Zwecke der Datenbearbeitung',
    transfers: 'Übermittlungen in Länder außerhalb des EWR, des Vereinigten Königreichs und der Schweiz',
    'us-privacy': 'Ihre Datenschutzrechte nach dem Recht der US-Bundesstaaten',
  },

  postalAddress: ({ address }) => `Postanschrift: ${address}.`,
  dpo: (p) => ['Kontaktdaten unseres Datenschutzbeauftragten: ', ...person(p), '.'],
  euRepresentative: (p) => ['Unser Vertreter in der Europäischen Union (Artikel 27 DSGVO): ', ...person(p), '.'],
  ukRepresentative: (p) => ['Unser Vertreter im Vereinigten Königreich (Artikel 27 UK GDPR): ', ...person(p), '.'],
  swissRepresentative: (p) => ['Unsere Vertretung in der Schweiz (Artikel 14 des Schweizer Bundesgesetzes über den Datenschutz, DSG): ', ...person(p), '.'],

  lawName: ({ eu, uk, ch }) =>
    eu && uk ? 'DSGVO und UK GDPR' : uk ? 'UK GDPR' : eu || !ch ? 'DSGVO' : 'DSGVO, soweit das Schweizer Bundesgesetz über den Datenschutz es zulässt',
  basesIntro: ({ law }) => `Wir verwenden personenbezogene Daten nur für die folgenden Zwecke, jeweils auf einer der Rechtsgrundlagen ${der(law)}:`,
  purposeHeadings: {
    app_functionality: 'Bereitstellung der App-Funktionen',
    analytics: 'Analyse der App-Nutzung',
    product_personalization: 'Personalisierung der App',
    developer_advertising: 'Werbung für unsere eigenen Produkte',
    third_party_advertising: 'Anzeige von Werbung',
    developer_communications: 'Kommunikation mit Ihnen über die App',
    fraud_prevention: 'Verhinderung von Betrug und Missbrauch',
    account_management: 'Verwaltung Ihres Kontos',
    other: 'Sonstige Zwecke',
    crash_reporting: 'Erkennung und Behebung von Abstürzen und Fehlern',
  },
  basisItem: ({ purpose, basis }) => `${purpose}: ${basis}.`,
  bases: {
    consent: ({ law }) => `Ihre Einwilligung (Artikel 6 Absatz 1 Buchstabe a ${law})`,
    contract: ({ law }) => `Erfüllung unseres Vertrags mit Ihnen, also Bereitstellung der App und der von Ihnen gewünschten Funktionen (Artikel 6 Absatz 1 Buchstabe b ${law})`,
    legal_obligation: ({ law }) => `Erfüllung einer rechtlichen Verpflichtung (Artikel 6 Absatz 1 Buchstabe c ${law})`,
    legitimate_interests: ({ law }) => `unsere berechtigten Interessen (Artikel 6 Absatz 1 Buchstabe f ${law})`,
  },
  withdrawConsent: ({ law }) =>
    `Soweit wir uns auf Ihre Einwilligung stützen, können Sie sie jederzeit ebenso einfach widerrufen, wie Sie sie erteilt haben (in der App oder durch eine Nachricht an uns); die Rechtmäßigkeit der bis zum Widerruf erfolgten Verarbeitung bleibt davon unberührt (Artikel 7 Absatz 3 ${law}).`,
  healthConsent: ({ law }) =>
    `Gesundheitsdaten gehören zu den besonderen Kategorien personenbezogener Daten: Wir verarbeiten sie nur mit Ihrer ausdrücklichen Einwilligung (Artikel 9 Absatz 2 Buchstabe a ${law}), die Sie jederzeit widerrufen können.`,
  legitimateInterests:
    'Unsere berechtigten Interessen bestehen darin, eine zuverlässige und sichere App zu betreiben, ihre Nutzung zu verstehen, um sie zu verbessern, und Missbrauch zu verhindern. Sie können der Verarbeitung, die auf diesen Interessen beruht, widersprechen (siehe „Ihre Rechte“).',

  provisionRequirement:
    'Sie sind weder gesetzlich noch vertraglich verpflichtet, uns personenbezogene Daten bereitzustellen. Manche Funktionen benötigen bestimmte Daten (etwa eine E-Mail-Adresse für eine Antwort oder einen Kauf für ein Abonnement); ohne sie können Sie den übrigen Teil der App weiterhin nutzen.',
  childConsent: ({ law }) =>
    `Soweit wir uns auf eine Einwilligung stützen und Sie jünger sind als das Alter, ab dem Sie selbst in die Verarbeitung einwilligen können, muss die Einwilligung durch den Träger der elterlichen Verantwortung für Sie oder mit dessen Zustimmung erteilt werden; wir unternehmen angemessene Anstrengungen, um uns davon zu vergewissern (Artikel 8 ${der(law)}). Dieses Alter beträgt:`,
  consentAgeItem: ({ age, countries }) => `${age} Jahre: ${countries}`,
  fadpAlso:
    'Soweit das Schweizer Bundesgesetz über den Datenschutz (DSG) anwendbar ist, verlangt es für diese Zwecke keine Rechtsgrundlage: Eine Bearbeitung, die seine Grundsätze einhält, ist rechtmäßig; würde sie Ihre Persönlichkeit widerrechtlich verletzen, stützen wir uns auf einen Rechtfertigungsgrund (Artikel 31 DSG), etwa Ihre Einwilligung oder ein überwiegendes Interesse.',

  // The FADP's own words (Bearbeitung, Personendaten, Bekanntgabe), not the GDPR's.
  fadpPurposesIntro: 'Wir bearbeiten Personendaten zu folgenden Zwecken (Artikel 19 Absatz 2 Buchstabe c des Schweizer Bundesgesetzes über den Datenschutz, DSG):',
  fadpRecipients: ({ recipients, transfers }) =>
    `Wir geben sie nur den Empfängern bekannt, die unter „${recipients}“ genannt sind; wo diese sie bearbeiten und wie eine Bekanntgabe ins Ausland geschützt ist, steht unter „${transfers}“ (Artikel 16, 17 und 19 Absatz 4 DSG).`,
  fadpLawful:
    'Das DSG verlangt nicht für jeden Zweck eine Rechtsgrundlage: Eine Bearbeitung, die seine Grundsätze einhält (Artikel 6 DSG), ist rechtmäßig, solange sie Ihre Persönlichkeit nicht widerrechtlich verletzt. Wäre das der Fall, bearbeiten wir die Daten nur mit einem Rechtfertigungsgrund (Artikel 31 DSG): Ihrer Einwilligung, einem überwiegenden privaten oder öffentlichen Interesse oder dem Gesetz.',
  fadpConsent: 'Soweit die App Sie um Ihre Einwilligung bittet, bearbeiten wir die betreffenden Daten nur mit dieser Einwilligung; Sie können sie jederzeit mit Wirkung für die Zukunft widerrufen.',
  fadpHealth:
    'Gesundheitsdaten sind besonders schützenswerte Personendaten (Artikel 5 Buchstabe c DSG): Wir bearbeiten sie nur mit Ihrer ausdrücklichen Einwilligung (Artikel 6 Absatz 7 Buchstabe a DSG), die Sie jederzeit widerrufen können.',
  transfersIntro: () =>
    'Wo die oben genannten Dienste Daten verarbeiten und wie Daten geschützt sind, die in Länder außerhalb des Europäischen Wirtschaftsraums (EWR), des Vereinigten Königreichs oder der Schweiz übermittelt werden:',
  transfer: ({ name, locations, mechanism, regimes, dpf }) => {
    const where = locations ? ` (Verarbeitungsort: ${locations})` : '';
    if (mechanism === 'eea') return `${name} verarbeitet Daten${where} innerhalb des Europäischen Wirtschaftsraums; eine Übermittlung in Länder außerhalb des EWR findet nicht statt.`;
    if (mechanism === 'adequacy')
      return `${name} verarbeitet Daten${where} in einem Land, für das die Europäische Kommission durch einen Angemessenheitsbeschluss festgestellt hat, dass es ein angemessenes Schutzniveau bietet (Artikel 45 DSGVO).`;
    if (mechanism === 'dpf') {
      const ext = [regimes.uk && dpf.uk && 'dessen UK-Erweiterung', regimes.ch && dpf.swiss && 'dem Datenschutzrahmen Schweiz–USA (Swiss-U.S. Data Privacy Framework)'].filter(Boolean).join(' und ');
      const scc = [
        regimes.uk && !dpf.uk && 'Übermittlungen aus dem Vereinigten Königreich stützen sich auf die Standardvertragsklauseln, ergänzt um das International Data Transfer Addendum des Vereinigten Königreichs (Artikel 46 UK GDPR)',
        regimes.ch && !dpf.swiss && 'Übermittlungen aus der Schweiz stützen sich auf die Standardvertragsklauseln, wie vom Eidgenössischen Datenschutz- und Öffentlichkeitsbeauftragten (EDÖB) anerkannt',
      ].filter(Boolean);
      return `${name} verarbeitet Daten${where} und ist nach dem Datenschutzrahmen EU–USA (EU-U.S. Data Privacy Framework)${ext ? ` sowie nach ${ext}` : ''} zertifiziert; für den Datenschutzrahmen EU–USA hat die Europäische Kommission festgestellt, dass er ein angemessenes Schutzniveau gewährleistet (Artikel 45 DSGVO)${scc.length ? `; ${scc.join('; ')}` : ''}.`;
    }
    return `${name} verarbeitet Daten${where}; die Übermittlung ist durch die von der Europäischen Kommission erlassenen Standardvertragsklauseln geschützt (Artikel 46 Absatz 2 Buchstabe c DSGVO)${regimes.uk ? ', ergänzt um das International Data Transfer Addendum des Vereinigten Königreichs' : ''}${regimes.ch ? ', wie vom Eidgenössischen Datenschutz- und Öffentlichkeitsbeauftragten (EDÖB) anerkannt' : ''}.`;
  },
  regionEea: 'Europäischer Wirtschaftsraum',
  placeNotes: {
    if_chosen: ({ region }) => `${region} (sofern diese Region für die App gewählt ist)`,
    cdn: () => 'weltweite Standorte eines Netzes zur Auslieferung von Inhalten (CDN)',
    vendor_facilities: () => 'weitere Länder, in denen der Anbieter oder seine Beauftragten Einrichtungen unterhalten',
  },
  transferUnknown: ({ name }) =>
    `Wir haben nicht erfasst, wo ${name} Daten verarbeitet und durch welche geeigneten Garantien eine Übermittlung geschützt ist; fragen Sie uns bitte, bevor Sie sich darauf verlassen.`,
  transferSource: ({ link }) => ['Quelle: ', link, '.'],
  transfersCopy: ({ contact }) => ['Eine Kopie dieser Garantien können Sie ', ...contact, ' bei uns anfordern.'],

  retentionIntro: 'Die Daten, die Ihr Gerät verlassen, speichern wir wie folgt:',
  retentionItem: ({ kind, period }) => `${kind.charAt(0).toUpperCase()}${kind.slice(1)}: ${period}`,
  retention: {
    until_deleted: 'bis Sie uns um Löschung bitten, oder früher, sobald wir sie für den Zweck, zu dem sie erhoben wurden, nicht mehr benötigen',
    usage: 'für die Speicherdauer, die in unserem Konto bei dem jeweiligen Dienst eingestellt ist; danach werden die Daten gelöscht oder anonymisiert',
    diagnostics: 'so lange, wie es nötig ist, um das Problem zu finden und zu beheben; danach werden die Daten nach der Speicherfrist des Dienstes gelöscht',
    purchases: 'so lange, wie handels- und steuerrechtliche Aufbewahrungspflichten es verlangen',
  },

  rightsIntro: ({ law }) => `Nach ${der(law)} haben Sie das Recht,`,
  rightsList: [
    'eine Kopie der personenbezogenen Daten, die wir über Sie gespeichert haben, sowie Informationen darüber zu erhalten, wie wir sie verwenden (Auskunftsrecht);',
    'unrichtige Daten berichtigen zu lassen (Recht auf Berichtigung);',
    'Ihre Daten löschen zu lassen (Recht auf Löschung);',
    'die Verarbeitung Ihrer Daten einschränken zu lassen (Recht auf Einschränkung der Verarbeitung);',
    'die Daten, die Sie uns bereitgestellt haben, in einem strukturierten, gängigen und maschinenlesbaren Format zu erhalten oder sie an einen anderen Verantwortlichen übermitteln zu lassen (Recht auf Datenübertragbarkeit).',
  ],
  objection:
    'Widerspruchsrecht: Verarbeiten wir Ihre Daten auf der Grundlage unserer berechtigten Interessen, können Sie dieser Verarbeitung aus Gründen, die sich aus Ihrer besonderen Situation ergeben, jederzeit widersprechen; wir verarbeiten die Daten dann nicht mehr, es sei denn, wir können zwingende schutzwürdige Gründe für die Verarbeitung nachweisen. Der Verwendung Ihrer Daten für Direktwerbung können Sie jederzeit ohne Angabe von Gründen widersprechen.',
  postMortem:
    'Nach französischem Recht können Sie uns außerdem Anweisungen geben, was nach Ihrem Tod mit Ihren personenbezogenen Daten geschieht, ob sie also aufbewahrt, gelöscht oder weitergegeben werden (Artikel 85 des französischen Gesetzes Informatique et Libertés).',
  automatedDecisions:
    'Sie haben außerdem das Recht, nicht einer ausschließlich auf einer automatisierten Verarbeitung – einschließlich Profiling – beruhenden Entscheidung unterworfen zu werden, die Ihnen gegenüber rechtliche Wirkung entfaltet oder Sie in ähnlicher Weise erheblich beeinträchtigt.',
  rightsHow: ({ contact }) => ['Um eines dieser Rechte auszuüben, wenden Sie sich ', ...contact, ' an uns; wir antworten innerhalb eines Monats.'],
  authority: ({ authority }) => [
    'Sie haben außerdem das Recht auf Beschwerde bei einer Aufsichtsbehörde, insbesondere in dem Staat, in dem Sie wohnen oder arbeiten, oder bei der für uns zuständigen Aufsichtsbehörde: ',
    authority,
    '.',
  ],
  authorityGermany: ({ list }) => [
    'Sie haben außerdem das Recht auf Beschwerde bei einer Aufsichtsbehörde, insbesondere in dem Staat, in dem Sie wohnen oder arbeiten, oder bei der Datenschutz-Aufsichtsbehörde des Bundeslandes, in dem wir niedergelassen sind (siehe die ',
    list,
    ').',
  ],
  authorityWhereYouLive: 'Sie haben außerdem das Recht auf Beschwerde bei der Datenschutz-Aufsichtsbehörde des Staates, in dem Sie wohnen oder arbeiten.',
  germanAuthoritiesList: 'Liste der deutschen Datenschutz-Aufsichtsbehörden',
  otherRequestMethods: ({ form, phone }) =>
    form && phone
      ? ['Sie können diese Anfragen auch über unser Webformular unter ', form, ` oder gebührenfrei telefonisch unter ${phone} stellen.`]
      : form
        ? ['Sie können diese Anfragen auch über unser Webformular unter ', form, ' stellen.']
        : [`Sie können diese Anfragen auch gebührenfrei telefonisch unter ${phone} stellen.`],

  fadpRightsIntro: 'Nach dem DSG haben Sie das Recht,',
  fadpRightsList: [
    'Auskunft darüber zu verlangen, ob wir Personendaten über Sie bearbeiten, und gegebenenfalls diese Daten mit den im Gesetz vorgesehenen Informationen zu erhalten (Auskunftsrecht, Artikel 25 DSG);',
    'die Personendaten, die Sie uns bekanntgegeben haben, in einem gängigen elektronischen Format zu erhalten oder sie einem anderen Verantwortlichen übertragen zu lassen (Recht auf Datenherausgabe und -übertragung, Artikel 28 DSG);',
    'unrichtige Personendaten berichtigen zu lassen (Berichtigung, Artikel 32 Absatz 1 DSG);',
    'Ihre Personendaten löschen oder ihre Bearbeitung verbieten zu lassen und der Bearbeitung oder der Bekanntgabe an Dritte zu widersprechen (Löschung und Widerspruch, Artikel 30 Absatz 2 Buchstabe b und Artikel 32 Absatz 2 DSG).',
  ],
  fadpAutomatedDecisions:
    'Treffen wir eine Entscheidung, die ausschließlich auf einer automatisierten Bearbeitung beruht und für Sie mit einer Rechtsfolge verbunden ist oder Sie erheblich beeinträchtigt, informieren wir Sie darüber; Sie können Ihren Standpunkt darlegen und verlangen, dass die Entscheidung von einer natürlichen Person überprüft wird (Artikel 21 DSG).',
  fadpRightsHow: ({ contact }) => ['Um eines dieser Rechte auszuüben, wenden Sie sich ', ...contact, ' an uns; wir antworten innerhalb von 30 Tagen.'],
  fadpAuthority: ({ authority }) => ['Sie können Verletzungen der Datenschutzvorschriften außerdem der Aufsichtsbehörde anzeigen (Artikel 49 DSG): ', authority, '.'],
  fadpRightsAlso: ({ authority }) => [
    'Wenn Sie sich in der Schweiz befinden, haben Sie diese Rechte auch nach dem Schweizer Bundesgesetz über den Datenschutz (DSG) (Auskunft, Artikel 25; Datenherausgabe und -übertragung, Artikel 28; Berichtigung und Löschung, Artikel 32 DSG) und können Verletzungen der Schweizer Aufsichtsbehörde anzeigen: ',
    authority,
    '.',
  ],

  deviceAccessLaw: ({ eu, uk, country }) =>
    [eu && `Artikel 5 Absatz 3 der ePrivacy-Richtlinie${country && DEVICE_ACCESS_NATIONAL[country] ? ` und ${DEVICE_ACCESS_NATIONAL[country]}` : ''}`, uk && 'Regulation 6 der britischen PECR'].filter(Boolean).join('; '),
  deviceAccessConsent: ({ law, services }) => `Folgende Dienste speichern eine Kennung auf Ihrem Endgerät oder lesen sie dort aus, und zwar nur mit Ihrer Einwilligung (${law}), die Sie jederzeit mit Wirkung für die Zukunft widerrufen können: ${services}.`,
  deviceAccessNoConsent: ({ service, purposes, bases }) => `${service} speichert eine Kennung auf Ihrem Endgerät oder liest sie dort aus, ${purposes}, ohne Ihre Einwilligung einzuholen; wir stützen uns dabei auf ${bases}.`,
  deviceAccessNeeded: ({ law, services }) => `Folgende Dienste speichern eine Kennung auf Ihrem Endgerät oder lesen sie dort aus, und zwar nur, soweit dies unbedingt erforderlich ist, um die App oder eine von Ihnen gewünschte Funktion bereitzustellen; dafür ist keine Einwilligung nötig (${law}): ${services}.`,
  ccpaIntro:
    'Wenn Sie in Kalifornien wohnen, gewährt Ihnen der California Consumer Privacy Act in der durch den California Privacy Rights Act geänderten Fassung (CCPA) die unten genannten Rechte; Einwohner anderer US-Bundesstaaten mit vergleichbaren Gesetzen haben vergleichbare Rechte. In den letzten 12 Monaten haben wir die folgenden Kategorien personenbezogener Informationen bei Ihnen und Ihrem Gerät erhoben:',
  ccpaCategories: {
    identifiers: 'Kennungen (etwa eine E-Mail-Adresse, eine Kontokennung oder eine Gerätekennung)',
    customer_records: 'Personenbezogene Informationen in Kundendatensätzen (etwa Name, Telefonnummer oder Postanschrift)',
    commercial: 'Kommerzielle Informationen (Käufe und Abonnements)',
    internet_activity: 'Aktivitäten im Internet oder in anderen elektronischen Netzwerken (Nutzung der App, Diagnosedaten)',
    geolocation: 'Geolokalisierungsdaten (ungefährer Standort)',
    sensory: 'Audio-, elektronische oder visuelle Informationen (Fotos, Videos, Aufnahmen)',
    sensitive: 'Sensible personenbezogene Informationen (Gesundheitsdaten, genauer Standort)',
    inferences: 'Schlussfolgerungen, die gezogen werden, um ein Profil über Sie zu erstellen',
    other: 'Sonstige Informationen, die Sie uns geben (etwa Nachrichten und Inhalte, die Sie einreichen)',
  },
  ccpaCollected: ({ category, purposes }) => `${category}: ${purposes}.`,
  ccpaNoSaleOrShare: 'Wir verkaufen Ihre personenbezogenen Informationen nicht und geben sie nicht für kontextübergreifende verhaltensbezogene Werbung weiter.',
  ccpaNoSaleMinors: 'Das gilt auch für die personenbezogenen Informationen von Verbrauchern unter 16 Jahren.',
  ccpaMinorsOptIn:
    'Personenbezogene Informationen von Verbrauchern, von denen wir wissen, dass sie jünger als 16 Jahre sind, verkaufen wir nicht und geben sie nicht weiter, sofern dies nicht ausdrücklich genehmigt wurde (Opt-in): bei 13- bis 15-Jährigen von ihnen selbst, bei Kindern unter 13 Jahren von einem Elternteil oder Vormund (California Civil Code, § 1798.120).',
  ccpaSold: ({ categories }) => `Wir verkaufen die folgenden Kategorien personenbezogener Informationen: ${categories}.`,
  ccpaShared: ({ categories, recipients }) =>
    `Wir geben die folgenden Kategorien personenbezogener Informationen für kontextübergreifende verhaltensbezogene Werbung an ${recipients} weiter: ${categories}.`,
  ccpaOptOut: ({ contact }) => [
    'Sie können dem Verkauf oder der Weitergabe Ihrer personenbezogenen Informationen jederzeit widersprechen: Schreiben Sie uns ',
    ...contact,
    ' mit dem Betreff „Meine personenbezogenen Informationen nicht verkaufen oder weitergeben“. Ein Global-Privacy-Control-Signal Ihres Browsers oder Geräts behandeln wir ebenfalls als solchen Widerspruch.',
  ],
  ccpaSensitive:
    'Sensible personenbezogene Informationen verwenden wir nur, um die App und die von Ihnen gewünschten Funktionen bereitzustellen, wie es der CCPA erlaubt; wir nutzen sie nicht, um Rückschlüsse auf Ihre Eigenschaften zu ziehen.',
  ccpaRights: ({ contact }) => [
    'Sie haben das Recht zu erfahren, welche personenbezogenen Informationen wir erheben, verwenden und offenlegen, eine Kopie davon zu erhalten sowie sie berichtigen und löschen zu lassen. Um diese Rechte auszuüben, wenden Sie sich ',
    ...contact,
    ' an uns; wir bestätigen den Eingang innerhalb von 10 Geschäftstagen, antworten innerhalb von 45 Tagen und können Angaben anfordern, um zu prüfen, ob die Anfrage von Ihnen stammt.',
  ],
  ccpaAppeal: ({ contact }) => [
    'Lehnen wir Ihren Antrag ab, können Sie dagegen Einspruch einlegen, indem Sie uns ',
    ...contact,
    ' mit dem Betreff „Einspruch“ schreiben; wir antworten innerhalb von 45 Tagen und begründen unsere Entscheidung. Weisen wir den Einspruch zurück, können Sie sich an den Generalstaatsanwalt (Attorney General) Ihres Bundesstaats wenden.',
  ],
  ccpaAgents:
    'Sie können einen bevollmächtigten Vertreter (Authorized Agent) beauftragen, eine Anfrage für Sie zu stellen; wir können von ihm Ihre unterzeichnete Vollmacht verlangen und Sie bitten, Ihre Identität zu bestätigen.',
  ccpaNoDiscrimination:
    'Wir benachteiligen Sie nicht, weil Sie eines dieser Rechte ausüben: Wir verweigern Ihnen nicht die App, verlangen keinen anderen Preis und bieten Ihnen keine andere Qualität des Dienstes.',
  ccpaDisclosed: 'In den letzten 12 Monaten haben wir die folgenden Kategorien personenbezogener Informationen für einen geschäftlichen Zweck (Business Purpose) an diese Empfänger offengelegt:',
  ccpaCategoryNames: {
    identifiers: 'Kennungen',
    customer_records: 'Personenbezogene Informationen in Kundendatensätzen',
    commercial: 'Kommerzielle Informationen',
    internet_activity: 'Aktivitäten im Internet oder in anderen elektronischen Netzwerken',
    geolocation: 'Geolokalisierungsdaten',
    sensory: 'Audio-, elektronische oder visuelle Informationen',
    sensitive: 'Sensible personenbezogene Informationen',
    inferences: 'Schlussfolgerungen, die gezogen werden, um ein Profil über Sie zu erstellen',
    other: 'Sonstige Informationen, die Sie uns geben',
  },
  ccpaCategoryKinds: ({ category, kinds }) => `${category} (${kinds})`,
  ccpaDisclosedItem: ({ category, recipients }) => `${category}: an ${recipients}.`,
  doNotTrack: ({ trackers }) =>
    trackers
      ? `Nach kalifornischem Recht (CalOPPA) geben wir an, wie wir auf das „Do Not Track“-Signal eines Browsers reagieren: Die App reagiert nicht darauf, da es dafür keinen allgemein anerkannten Standard gibt. Folgende andere Stellen können, während Sie die App nutzen, personenbezogene Informationen über Ihre Aktivitäten über längere Zeit und über Apps und Websites anderer Unternehmen hinweg erheben: ${trackers}.`
      : 'Nach kalifornischem Recht (CalOPPA) geben wir an, wie wir auf das „Do Not Track“-Signal eines Browsers reagieren: Wir verfolgen Ihre Aktivitäten nicht über längere Zeit und über Apps und Websites anderer Unternehmen hinweg und erlauben das über die App auch keinen anderen Stellen; ein solches Signal hat daher nichts abzuschalten.',

  coppaConsent:
    'Nach dem US-amerikanischen Children’s Online Privacy Protection Act (COPPA) erheben wir personenbezogene Informationen von Kindern unter 13 Jahren nur, nachdem ein Elternteil eine überprüfbare Einwilligung erteilt hat, es sei denn, das Gesetz lässt etwas anderes zu (etwa eine einmalige Antwort auf die Anfrage eines Elternteils); dabei erheben wir nicht mehr, als die jeweilige Aktivität erfordert.',
  coppaVerifiableConsent:
    'Nach dem US-amerikanischen Children’s Online Privacy Protection Act (COPPA) holen wir eine überprüfbare Einwilligung der Eltern ein, bevor wir personenbezogene Informationen von einem Kind unter 13 Jahren erheben, es sei denn, eine der Ausnahmen der COPPA Rule greift (16 CFR 312.5), etwa wenn wir die E-Mail-Adresse eines Elternteils nur erheben, um diese Einwilligung einzuholen.',
  coppaPublic: ({ public: shown }) =>
    shown
      ? 'Kinder können in der App personenbezogene Informationen öffentlich zugänglich machen: Ideen und Kommentare auf der Wunschliste der App sind mit dem dafür angegebenen Namen für jeden sichtbar, der sie öffnet. Eltern können uns bitten, sie zu löschen.'
      : 'Über die in dieser Datenschutzerklärung beschriebenen Funktionen können Kinder keine personenbezogenen Informationen öffentlich zugänglich machen: Nichts, was sie darüber senden, wird anderen Nutzern oder der Öffentlichkeit angezeigt.',
  coppaParents: ({ contact }) => [
    'Eltern können die personenbezogenen Informationen, die wir über ihr Kind gespeichert haben, einsehen, löschen lassen und ihrer weiteren Erhebung oder Verwendung widersprechen; wenden Sie sich dazu ',
    ...contact,
    ' an uns.',
  ],
  coppaOperator: (p) => ['Betreiber, der über die App personenbezogene Informationen von Kindern erhebt und speichert: ', ...person({ ...p, address: withPhone(p.address, p.phone, 'Telefon ') }), '.'],
  coppaThirdParties:
    'Eltern können der Erhebung und Verwendung der personenbezogenen Informationen ihres Kindes zustimmen, ohne der Offenlegung an Dritte zuzustimmen, es sei denn, diese Offenlegung ist für die App unerlässlich.',
  coppaNoAds:
    'Wir zeigen Kindern keine verhaltensbezogene (interessenbasierte) Werbung und verfolgen ihre Aktivitäten nicht über Apps und Websites anderer Unternehmen hinweg.',

  englishPrevails: ({ href }) => ['Dies ist eine Übersetzung. Maßgeblich ist die ', { text: 'englische Fassung', href }, '; bei Abweichungen geht die englische Fassung vor.'],
};

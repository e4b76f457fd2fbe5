import { personIn, withPhone } from './law.person.js';
import type { LawText } from './law.types.js';

/**
 * Spanish (Spain), the law sections. An AI translation by the Appflows team, to be reviewed by a
 * native legal professional before it is relied on.
 *
 * Terminology: the official Spanish version of the GDPR ("RGPD", as the AEPD abbreviates it;
 * articles cited the Spanish way, "art. 6, apartado 1, letra a), del RGPD") — base jurídica, consentimiento
 * explícito, categorías especiales de datos, intereses legítimos, derecho de acceso, rectificación,
 * supresión, limitación del tratamiento, portabilidad, oposición, mercadotecnia directa, motivos
 * legítimos imperiosos, autoridad de control, presentar una reclamación, delegado de protección de
 * datos, representante; Chapter V and Decision 2021/914: decisión de adecuación, cláusulas
 * contractuales tipo, Espacio Económico Europeo; Decision 2023/1795: Marco de Privacidad de Datos
 * UE-EE. UU. The Californian texts use the Spanish names Californian authorities use in their
 * Spanish pages as far as we know them (Ley de Privacidad del Consumidor de California, información
 * personal confidencial, «No vender ni compartir mi información personal»; to be checked by the
 * reviewer), with the English legal term alongside where a reader must recognise it. Address:
 * "usted", as in text/es.ts.
 */

const person = personIn();

/** National laws on storing or reading information on the device beside ePrivacy Art. 5(3), by the owner's country. */
const DEVICE_ACCESS_NATIONAL: Record<string, string> = {
  DE: '§ 25 de la ley alemana TDDDG',
  FR: 'art. 82 de la ley francesa Informatique et Libertés',
  ES: 'art. 22.2 de la Ley 34/2002 de servicios de la sociedad de la información (LSSI)',
  IT: 'art. 122 del Codice della privacy italiano (Decreto legislativo 196/2003)',
  NL: 'art. 11.7a de la Telecommunicatiewet neerlandesa',
  AT: '§ 165 de la ley austriaca TKG 2021',
};

export const lawEs: LawText = {
  titles: {
    'legal-bases': 'Bases jurídicas del tratamiento',
    purposes: 'Fines del tratamiento',
    transfers: 'Transferencias fuera del Espacio Económico Europeo, el Reino Unido y Suiza',
    'us-privacy': 'Sus derechos de privacidad según las leyes de los estados de EE. UU.',
  },

  postalAddress: ({ address }) => `Dirección postal: ${address}.`,
  dpo: (p) => ['Nuestro delegado de protección de datos es ', ...person(p), '.'],
  euRepresentative: (p) => ['Nuestro representante en la Unión Europea (art. 27 del RGPD) es ', ...person(p), '.'],
  ukRepresentative: (p) => ['Nuestro representante en el Reino Unido (art. 27 del RGPD del Reino Unido) es ', ...person(p), '.'],
  swissRepresentative: (p) => ['Nuestro representante en Suiza (art. 14 de la Ley Federal suiza de Protección de Datos, LPD) es ', ...person(p), '.'],

  lawName: ({ eu, uk, ch }) =>
    eu && uk ? 'RGPD y el RGPD del Reino Unido' : uk ? 'RGPD del Reino Unido' : eu || !ch ? 'RGPD' : 'RGPD, en la medida en que lo permite la Ley Federal suiza de Protección de Datos',
  basesIntro: ({ law }) => `Utilizamos los datos personales únicamente para los fines que se indican a continuación, cada uno de ellos amparado en una de las bases jurídicas previstas en el ${law}:`,
  purposeHeadings: {
    app_functionality: 'Funcionamiento de la aplicación',
    analytics: 'Análisis del uso de la aplicación',
    product_personalization: 'Personalización de la aplicación',
    developer_advertising: 'Comunicaciones comerciales sobre nuestros propios productos',
    third_party_advertising: 'Publicidad en la aplicación',
    developer_communications: 'Comunicaciones sobre la aplicación',
    fraud_prevention: 'Prevención del fraude y de los usos indebidos',
    account_management: 'Gestión de su cuenta',
    other: 'Otros fines',
    crash_reporting: 'Detección y corrección de fallos y errores',
  },
  basisItem: ({ purpose, basis }) => `${purpose}: ${basis}.`,
  bases: {
    consent: ({ law }) => `su consentimiento (art. 6, apartado 1, letra a), del ${law})`,
    contract: ({ law }) => `la ejecución del contrato que hemos celebrado con usted, es decir, la prestación de la aplicación y de las funciones que usted solicita (art. 6, apartado 1, letra b), del ${law})`,
    legal_obligation: ({ law }) => `el cumplimiento de una obligación legal (art. 6, apartado 1, letra c), del ${law})`,
    legitimate_interests: ({ law }) => `nuestros intereses legítimos (art. 6, apartado 1, letra f), del ${law})`,
  },
  withdrawConsent: ({ law }) =>
    `Cuando el tratamiento se base en su consentimiento, puede retirarlo en cualquier momento, de forma tan sencilla como lo otorgó (en la aplicación o escribiéndonos), sin que ello afecte a la licitud del tratamiento basado en el consentimiento previo a su retirada (art. 7, apartado 3, del ${law}).`,
  healthConsent: ({ law }) =>
    `Los datos relativos a la salud son una categoría especial de datos personales: solo los tratamos con su consentimiento explícito (art. 9, apartado 2, letra a), del ${law}), que puede retirar en cualquier momento.`,
  legitimateInterests:
    'Nuestros intereses legítimos consisten en ofrecer una aplicación fiable y segura, entender cómo se utiliza para poder mejorarla y prevenir los usos indebidos. Puede oponerse al tratamiento basado en ellos (véase «Sus derechos»).',

  provisionRequirement:
    'Ninguna ley ni contrato le obliga a facilitarnos datos personales. Algunas funciones necesitan ciertos datos para funcionar (una dirección de correo electrónico para responderle, una compra para una suscripción); sin ellos, usted puede seguir usando el resto de la aplicación.',
  childConsent: ({ law }) =>
    `Cuando nos basamos en el consentimiento y usted no ha alcanzado la edad de consentimiento digital, el consentimiento debe darlo o autorizarlo el titular de la patria potestad o tutela sobre usted, y hacemos esfuerzos razonables para verificarlo (art. 8 del ${law}). Esa edad es:`,
  consentAgeItem: ({ age, countries }) => `${age} años: ${countries}`,
  fadpAlso:
    'Cuando se aplica la Ley Federal suiza de Protección de Datos (LPD), esta no exige una base jurídica para estos fines: un tratamiento que respeta sus principios es lícito y, si pudiera vulnerar ilícitamente su personalidad, nos basamos en un motivo justificativo (art. 31 LPD), como su consentimiento o un interés preponderante.',

  fadpPurposesIntro: 'Tratamos datos personales para los siguientes fines (art. 19, apartado 2, letra c, de la Ley Federal suiza de Protección de Datos, LPD):',
  fadpRecipients: ({ recipients, transfers }) =>
    `Solo los comunicamos a los destinatarios indicados en «${recipients}»; dónde los tratan y cómo se protege una comunicación al extranjero se indica en «${transfers}» (arts. 16, 17 y 19, apartado 4, LPD).`,
  fadpLawful:
    'La LPD no exige una base jurídica para cada fin: un tratamiento que respeta sus principios (art. 6 LPD) es lícito mientras no vulnere ilícitamente su personalidad. Si lo hiciera, solo tratamos los datos con un motivo justificativo (art. 31 LPD): su consentimiento, un interés privado o público preponderante, o la ley.',
  fadpConsent: 'Cuando la aplicación le pide su consentimiento, solo tratamos los datos afectados con él; puede retirarlo en cualquier momento, con efectos para el futuro.',
  fadpHealth:
    'Los datos relativos a la salud son datos personales sensibles (art. 5, letra c, LPD): solo los tratamos con su consentimiento expreso (art. 6, apartado 7, letra a, LPD), que puede retirar en cualquier momento.',
  transfersIntro: () => 'Dónde trata los datos cada uno de los servicios indicados y cómo se protegen los datos que se envían fuera del Espacio Económico Europeo, el Reino Unido o Suiza:',
  transfer: ({ name, locations, mechanism, regimes, dpf }) => {
    const where = locations ? ` en ${locations}` : '';
    if (mechanism === 'eea') return `${name} trata los datos${where}, dentro del Espacio Económico Europeo: no se realiza ninguna transferencia fuera de él.`;
    if (mechanism === 'adequacy')
      return `${name} trata los datos${where}, en un país respecto del cual la Comisión Europea ha decidido que garantiza un nivel de protección adecuado (decisión de adecuación, art. 45 del RGPD).`;
    if (mechanism === 'dpf') {
      const frameworks = list(['al Marco de Privacidad de Datos UE-EE. UU. (EU-US Data Privacy Framework)', regimes.uk && dpf.uk && 'a su extensión al Reino Unido', regimes.ch && dpf.swiss && 'al Marco de Privacidad de Datos Suiza-EE. UU.']);
      const scc = [
        regimes.uk && !dpf.uk && 'las transferencias desde el Reino Unido se basan en las cláusulas contractuales tipo, junto con el Addendum de transferencia internacional de datos del Reino Unido (UK International Data Transfer Addendum) (art. 46 del RGPD del Reino Unido)',
        regimes.ch && !dpf.swiss && 'las transferencias desde Suiza se basan en las cláusulas contractuales tipo, reconocidas por el Comisionado Federal de Protección de Datos y de Transparencia de Suiza (FDPIC)',
      ].filter(Boolean);
      return `${name} trata los datos${where} y está adherido ${frameworks}; la Comisión Europea ha decidido que el Marco UE-EE. UU. garantiza un nivel de protección adecuado (art. 45 del RGPD)${scc.length ? `; ${scc.join('; ')}` : ''}.`;
    }
    return `${name} trata los datos${where}; la transferencia está amparada por las cláusulas contractuales tipo adoptadas por la Comisión Europea (art. 46, apartado 2, letra c), del RGPD)${regimes.uk ? ', junto con el Addendum de transferencia internacional de datos del Reino Unido (UK International Data Transfer Addendum)' : ''}${regimes.ch ? ', reconocidas por el Comisionado Federal de Protección de Datos y de Transparencia de Suiza (FDPIC)' : ''}.`;
  },
  regionEea: 'el Espacio Económico Europeo',
  placeNotes: {
    if_chosen: ({ region }) => `${region} (si se elige esa región para la app)`,
    cdn: () => 'ubicaciones de una red de distribución de contenidos en todo el mundo',
    vendor_facilities: () => 'otros países en los que el proveedor o sus agentes mantienen instalaciones',
  },
  transferUnknown: ({ name }) => `No tenemos registrado dónde trata ${name} los datos ni qué garantía ampara su transferencia; si necesita esta información, consúltenos.`,
  transferSource: ({ link }) => ['Fuente: ', link, '.'],
  transfersCopy: ({ contact }) => ['Puede solicitarnos una copia de estas garantías contactando con nosotros ', ...contact, '.'],

  retentionIntro: 'Plazo de conservación de cada tipo de datos que sale de su dispositivo:',
  retentionItem: ({ kind, period }) => `${kind.charAt(0).toUpperCase()}${kind.slice(1)}: ${period}`,
  retention: {
    until_deleted: 'hasta que nos pida su supresión o, antes, cuando dejen de ser necesarios para los fines con los que se recogieron',
    usage: 'durante el plazo de conservación configurado en nuestra cuenta del servicio, tras el cual se suprimen o se anonimizan',
    diagnostics: 'durante el tiempo necesario para localizar y corregir el problema; después se suprimen conforme al plazo de conservación del servicio',
    purchases: 'durante el tiempo en que la normativa fiscal y mercantil nos obligue a conservar los registros de las compras',
  },

  rightsIntro: ({ law }) => `En virtud del ${law}, usted tiene derecho a:`,
  rightsList: [
    'obtener una copia de los datos personales que tratamos sobre usted e información sobre cómo los utilizamos (derecho de acceso);',
    'obtener la rectificación de los datos inexactos (derecho de rectificación);',
    'obtener la supresión de sus datos (derecho de supresión);',
    'obtener la limitación de su tratamiento (derecho a la limitación del tratamiento);',
    'recibir los datos que nos ha facilitado en un formato estructurado, de uso común y de lectura mecánica, o que se transmitan a otro responsable del tratamiento (derecho a la portabilidad de los datos).',
  ],
  objection:
    'Derecho de oposición: cuando tratemos sus datos sobre la base de nuestros intereses legítimos, puede oponerse en cualquier momento, por motivos relacionados con su situación particular; en tal caso, dejaremos de tratarlos, salvo que acreditemos motivos legítimos imperiosos. Puede oponerse en cualquier momento, y sin necesidad de justificarlo, al tratamiento de sus datos con fines de mercadotecnia directa.',
  postMortem:
    'Conforme al Derecho francés, también puede darnos instrucciones sobre el destino de sus datos personales después de su fallecimiento: su conservación, supresión o comunicación (art. 85 de la ley francesa Informatique et Libertés).',
  automatedDecisions:
    'También tiene derecho a no ser objeto de una decisión basada únicamente en el tratamiento automatizado, incluida la elaboración de perfiles, que produzca efectos jurídicos en usted o le afecte significativamente de modo similar.',
  rightsHow: ({ contact }) => ['Para ejercer cualquiera de estos derechos, contacte con nosotros ', ...contact, '; le responderemos en el plazo de un mes.'],
  authority: ({ authority }) => [
    'También tiene derecho a presentar una reclamación ante una autoridad de control, en particular en el país en el que tenga su residencia habitual o su lugar de trabajo, o ante la autoridad de control competente respecto de nosotros: ',
    authority,
    '.',
  ],
  authorityGermany: ({ list: link }) => [
    'También tiene derecho a presentar una reclamación ante una autoridad de control, en particular en el país en el que tenga su residencia habitual o su lugar de trabajo, o ante la autoridad de protección de datos del estado federado alemán en el que estamos establecidos (véase la ',
    link,
    ').',
  ],
  authorityWhereYouLive: 'También tiene derecho a presentar una reclamación ante la autoridad de control en materia de protección de datos del país en el que tenga su residencia habitual o su lugar de trabajo.',
  germanAuthoritiesList: 'lista de autoridades alemanas de protección de datos',
  otherRequestMethods: ({ form, phone }) =>
    form && phone
      ? ['También puede presentar estas solicitudes mediante nuestro formulario web en ', form, ` o llamándonos gratuitamente al ${phone}.`]
      : form
        ? ['También puede presentar estas solicitudes mediante nuestro formulario web en ', form, '.']
        : [`También puede presentar estas solicitudes llamándonos gratuitamente al ${phone}.`],

  fadpRightsIntro: 'En virtud de la LPD, usted tiene derecho a:',
  fadpRightsList: [
    'preguntar si tratamos datos personales suyos y, en tal caso, obtenerlos junto con la información que prevé la ley (derecho de acceso, art. 25 LPD);',
    'recibir los datos personales que nos ha facilitado en un formato electrónico de uso común, o que se transmitan a otro responsable (derecho a la entrega y transmisión de los datos, art. 28 LPD);',
    'obtener la rectificación de los datos personales inexactos (rectificación, art. 32, apartado 1, LPD);',
    'obtener la supresión de sus datos personales o la prohibición de su tratamiento, y oponerse a su tratamiento o a su comunicación a terceros (supresión y oposición, art. 30, apartado 2, letra b, y art. 32, apartado 2, LPD).',
  ],
  fadpAutomatedDecisions:
    'Cuando tomamos una decisión basada únicamente en un tratamiento automatizado que produce efectos jurídicos sobre usted o le afecta de forma significativa, se lo comunicamos; usted puede expresar su punto de vista y pedir que la decisión sea revisada por una persona física (art. 21 LPD).',
  fadpRightsHow: ({ contact }) => ['Para ejercer cualquiera de estos derechos, contacte con nosotros ', ...contact, '; le responderemos en un plazo de 30 días.'],
  fadpAuthority: ({ authority }) => ['También puede denunciar una infracción de la normativa de protección de datos ante la autoridad de supervisión (art. 49 LPD): ', authority, '.'],
  fadpRightsAlso: ({ authority }) => [
    'Si se encuentra en Suiza, también tiene estos derechos en virtud de la Ley Federal suiza de Protección de Datos (LPD) (acceso, art. 25; entrega y transmisión de los datos, art. 28; rectificación y supresión, art. 32 LPD) y puede denunciar una infracción ante la autoridad de supervisión suiza: ',
    authority,
    '.',
  ],

  deviceAccessLaw: ({ eu, uk, country }) =>
    [eu && `art. 5, apartado 3, de la Directiva sobre la privacidad y las comunicaciones electrónicas${country && DEVICE_ACCESS_NATIONAL[country] ? ` y ${DEVICE_ACCESS_NATIONAL[country]}` : ''}`, uk && 'reglamento 6 de las PECR del Reino Unido'].filter(Boolean).join('; '),
  deviceAccessConsent: ({ law, services }) => `Los siguientes servicios almacenan un identificador en su dispositivo o acceden a él solo con su consentimiento (${law}), que puede retirar en cualquier momento con efectos para el futuro: ${services}.`,
  deviceAccessNoConsent: ({ service, purposes, bases }) => `${service} almacena un identificador en su dispositivo o accede a él ${purposes}, sin pedir su consentimiento, siendo la base jurídica ${bases}.`,
  deviceAccessNeeded: ({ law, services }) => `Los siguientes servicios almacenan un identificador en su dispositivo o acceden a él solo en la medida estrictamente necesaria para prestar la app o una función que usted solicita, lo que no requiere su consentimiento (${law}): ${services}.`,
  ccpaIntro:
    'Si reside en California, la Ley de Privacidad del Consumidor de California, modificada por la Ley de Derechos de Privacidad de California (CCPA), le otorga los derechos que se indican a continuación; los residentes de otros estados de EE. UU. con leyes similares tienen derechos similares. En los últimos 12 meses hemos recogido las siguientes categorías de información personal, procedentes de usted y de su dispositivo:',
  ccpaCategories: {
    identifiers: 'Identificadores (como una dirección de correo electrónico, un identificador de cuenta o un identificador del dispositivo)',
    customer_records: 'Información personal incluida en registros de clientes (como un nombre, un número de teléfono o una dirección postal)',
    commercial: 'Información comercial (compras y suscripciones)',
    internet_activity: 'Actividad en internet o en otras redes electrónicas (cómo usa la aplicación, diagnósticos)',
    geolocation: 'Datos de geolocalización (ubicación aproximada)',
    sensory: 'Información sonora, electrónica o visual (fotos, vídeos, grabaciones)',
    sensitive: 'Información personal confidencial (datos relativos a la salud, ubicación precisa)',
    inferences: 'Inferencias extraídas para elaborar un perfil sobre usted',
    other: 'Otra información que nos facilita (como mensajes y contenido que envía)',
  },
  ccpaCollected: ({ category, purposes }) => `${category}: ${purposes}.`,
  ccpaNoSaleOrShare: 'No vendemos su información personal ni la compartimos para publicidad comportamental entre contextos (cross-context behavioral advertising).',
  ccpaNoSaleMinors: 'Esto incluye la información personal de los consumidores menores de 16 años.',
  ccpaMinorsOptIn:
    'No vendemos ni compartimos la información personal de consumidores que sabemos que son menores de 16 años salvo que se haya autorizado expresamente (consentimiento previo, «opt-in»): por el propio consumidor si tiene entre 13 y 15 años, o por su padre, madre o tutor si es menor de 13 años (California Civil Code, § 1798.120).',
  ccpaSold: ({ categories }) => `Vendemos las siguientes categorías de información personal: ${categories}.`,
  ccpaShared: ({ categories, recipients }) => `Compartimos con ${recipients}, para publicidad comportamental entre contextos, las siguientes categorías de información personal: ${categories}.`,
  ccpaOptOut: ({ contact }) => [
    'Puede ejercer en cualquier momento su derecho a que no vendamos ni compartamos su información personal: contacte con nosotros ',
    ...contact,
    ' indicando como asunto «No vender ni compartir mi información personal» (Do Not Sell or Share My Personal Information). También tratamos la señal Global Privacy Control de su navegador o dispositivo como una solicitud en ese sentido.',
  ],
  ccpaSensitive: 'Solo utilizamos la información personal confidencial para prestar la aplicación y las funciones que usted solicita, tal como permite la CCPA; no la utilizamos para inferir características sobre usted.',
  ccpaRights: ({ contact }) => [
    'Tiene derecho a saber qué información personal recogemos, utilizamos y divulgamos, a obtener una copia de ella, a que se corrija y a que se elimine. Para ejercer estos derechos, contacte con nosotros ',
    ...contact,
    '; confirmaremos la recepción en un plazo de 10 días hábiles, responderemos en un plazo de 45 días y podremos pedirle información para verificar que la solicitud procede de usted.',
  ],
  ccpaAppeal: ({ contact }) => [
    'Si rechazamos su solicitud, puede recurrir nuestra decisión escribiéndonos ',
    ...contact,
    ' con el asunto «Recurso»; le responderemos en un plazo de 45 días explicando nuestra decisión. Si desestimamos el recurso, puede dirigirse al fiscal general (Attorney General) de su estado.',
  ],
  ccpaAgents: 'Puede autorizar a un agente para que presente una solicitud en su nombre; podemos pedir al agente su autorización firmada y pedirle a usted que verifique su identidad.',
  ccpaNoDiscrimination:
    'No le discriminaremos por ejercer ninguno de estos derechos: no le negaremos el acceso a la aplicación, no le cobraremos un precio distinto ni le ofreceremos una calidad de servicio distinta.',
  ccpaDisclosed: 'En los últimos 12 meses hemos comunicado, con un fin empresarial (business purpose), las siguientes categorías de información personal a estos destinatarios:',
  ccpaCategoryNames: {
    identifiers: 'Identificadores',
    customer_records: 'Información personal incluida en registros de clientes',
    commercial: 'Información comercial',
    internet_activity: 'Actividad en internet o en otras redes electrónicas',
    geolocation: 'Datos de geolocalización',
    sensory: 'Información sonora, electrónica o visual',
    sensitive: 'Información personal confidencial',
    inferences: 'Inferencias extraídas para elaborar un perfil sobre usted',
    other: 'Otra información que nos facilita',
  },
  ccpaCategoryKinds: ({ category, kinds }) => `${category} (${kinds})`,
  ccpaDisclosedItem: ({ category, recipients }) => `${category} — destinatarios: ${recipients}.`,
  doNotTrack: ({ trackers }) =>
    trackers
      ? `La ley de California (CalOPPA) nos pide indicar cómo respondemos a la señal «Do Not Track» de un navegador: la app no responde a ella, ya que no existe un estándar común. Los siguientes terceros pueden recoger, mientras usa la app, información personal sobre su actividad a lo largo del tiempo en las apps y los sitios web de otras empresas: ${trackers}.`
      : 'La ley de California (CalOPPA) nos pide indicar cómo respondemos a la señal «Do Not Track» de un navegador: no rastreamos su actividad a lo largo del tiempo en las apps y los sitios web de otras empresas ni permitimos que otros lo hagan a través de la app, por lo que una señal así no tiene nada que desactivar.',

  coppaConsent:
    'Conforme a la Ley de Protección de la Privacidad Infantil en Internet de EE. UU. (COPPA), solo recogemos información personal de un menor de 13 años después de que su padre, madre o tutor haya dado su consentimiento verificable, salvo que la ley permita otra cosa (por ejemplo, para responder una sola vez a una solicitud de los padres), y no recogemos más de lo que la actividad requiere.',
  coppaVerifiableConsent:
    'Conforme a la Ley de Protección de la Privacidad Infantil en Internet de EE. UU. (COPPA), obtenemos el consentimiento verificable de los padres antes de recoger información personal de un menor de 13 años, salvo que se aplique alguna de las excepciones de la COPPA Rule (16 CFR 312.5), por ejemplo cuando recogemos la dirección de correo electrónico del padre o la madre solo para pedirle ese consentimiento.',
  coppaPublic: ({ public: shown }) =>
    shown
      ? 'Los niños pueden hacer pública información personal en la app: las ideas y los comentarios publicados en su tablero de sugerencias, con el nombre indicado, pueden ser vistos por cualquier persona que lo abra. Un padre o una madre puede pedirnos que los eliminemos.'
      : 'Las funciones descritas en esta política no permiten a los niños hacer pública información personal: nada de lo que envían a través de ellas se muestra a otros usuarios ni al público.',
  coppaParents: ({ contact }) => [
    'El padre, la madre o el tutor puede revisar la información personal que tenemos sobre el menor, pedir que se elimine y negarse a que se siga recogiendo o utilizando: para ello, contacte con nosotros ',
    ...contact,
    '.',
  ],
  coppaOperator: (p) => ['El operador que recoge y conserva la información personal de los menores a través de la app: ', ...person({ ...p, address: withPhone(p.address, p.phone, 'teléfono ') }), '.'],
  coppaThirdParties:
    'El padre, la madre o el tutor puede consentir que recojamos y utilicemos la información personal del menor sin consentir su comunicación a terceros, salvo que esa comunicación sea esencial para la app.',
  coppaNoAds: 'No mostramos a los menores publicidad comportamental (basada en sus intereses) ni rastreamos su actividad en las apps y los sitios web de otras empresas.',

  englishPrevails: ({ href }) => ['Esta es una traducción. La ', { text: 'versión en inglés', href }, ' es la que hace fe; en caso de discrepancia, prevalecerá la versión en inglés.'],
};

/** "a, b y c" for the frameworks joined here (each starts with "a", so "y" never becomes "e"). */
function list(parts: (string | false)[]): string {
  const w = parts.filter((x): x is string => !!x);
  return w.length <= 1 ? (w[0] ?? '') : `${w.slice(0, -1).join(', ')} y ${w[w.length - 1]}`;
}

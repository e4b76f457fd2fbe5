import type { LegalText } from './types.js';

/**
 * Spanish (Spain). An AI translation by the Appflows team, to be reviewed by a native legal
 * professional before it is relied on.
 *
 * Terminology: the official Spanish version of the GDPR (Reglamento (UE) 2016/679) — responsable
 * del tratamiento, por cuenta del responsable (Art. 4.8), datos relativos a la salud, supresión,
 * rectificación, autoridad de control, presentar una reclamación (Art. 77), elaboración de perfiles
 * y decisiones automatizadas (Art. 22), recogida; "producto sanitario" as in Reglamento (UE)
 * 2017/745. Apple's Spanish (Spain) words for device features and App Store concepts: Localización,
 * Fototeca, Movimiento y forma física, "rastrear su actividad en las apps y sitios web de otras
 * empresas" (the App Tracking Transparency prompt), "el App Store".
 *
 * Decisions: the reader is addressed as "usted", the usual register of Spanish legal texts (the
 * page frame in kernel/i18n.boards.ts uses "tú" for interface words, which stay separate). "La
 * aplicación" rather than "la app" in running text; the app's own name is never given a gender
 * (sentences say "la aplicación {app}" where an article would be needed). "Tracking" is "rastreo",
 * as in Apple's Spanish labels. The owner is reached with "contacte con nosotros" + `contact`, so
 * both contact forms fit every sentence.
 */

/** "a, b y c"; "y" becomes "e" before an /i/ sound ("informes", "historial"), not before "hie-". */
const list = (w: string[]): string => {
  if (w.length <= 1) return w[0] ?? '';
  const last = w[w.length - 1]!;
  const and = /^h?[iíIÍ](?![aeiouáéíóú])/u.test(last) ? 'e' : 'y';
  return `${w.slice(0, -1).join(', ')} ${and} ${last}`;
};

const measures = (name: string) => `${name} mide cómo se usa la aplicación, para que podamos ver qué funciones resultan útiles y cuáles confunden.`;

export const es: LegalText = {
  lang: 'es',

  list,
  kinds: {
    name: 'su nombre',
    email: 'su dirección de correo electrónico',
    phone: 'su número de teléfono',
    physical_address: 'su dirección postal',
    health: 'datos relativos a la salud',
    fitness: 'datos de actividad física y ejercicio',
    payment_info: 'datos de pago',
    precise_location: 'su ubicación precisa',
    coarse_location: 'su ubicación aproximada',
    contacts: 'sus contactos',
    messages: 'los mensajes que escribe',
    photos_videos: 'fotos o vídeos',
    audio: 'grabaciones de voz o de sonido',
    customer_support: 'lo que escribe al servicio de asistencia',
    user_content: 'el contenido que escribe o envía',
    browsing_history: 'su historial de navegación',
    search_history: 'sus búsquedas en la aplicación',
    user_id: 'un identificador de cuenta o de usuario',
    device_id: 'un identificador del dispositivo o de la instalación',
    purchase_history: 'sus compras y suscripciones',
    product_interaction: 'cómo usa la aplicación (pantallas, toques, elecciones)',
    advertising_data: 'los anuncios que ve y en los que toca',
    other_usage_data: 'otros datos de uso',
    crash_data: 'informes de fallos',
    performance_data: 'mediciones de rendimiento (tiempo de arranque, bloqueos, consumo de energía)',
    other_diagnostic_data: 'otros datos técnicos de diagnóstico',
    other: 'otros datos',
  },
  purposes: {
    app_functionality: 'para que la aplicación funcione',
    analytics: 'para entender cómo se usa la aplicación',
    product_personalization: 'para adaptar la aplicación a usted',
    developer_advertising: 'para informarle sobre nuestros propios productos',
    third_party_advertising: 'para mostrar publicidad',
    developer_communications: 'para escribirle sobre la aplicación',
    fraud_prevention: 'para prevenir el fraude y los usos indebidos',
    account_management: 'para gestionar su cuenta',
    other: 'con otros fines',
  },
  purposeCrash: 'para detectar y corregir fallos y errores',
  capabilities: {
    health: 'Datos de salud (HealthKit / Health Connect)',
    motion: 'Movimiento y forma física',
    location: 'Localización',
    notifications: 'Notificaciones',
    cloud_sync: 'Sincronización con la nube',
    camera: 'Cámara',
    photos: 'Fototeca',
    microphone: 'Micrófono',
    speech_recognition: 'Reconocimiento de voz',
    contacts: 'Contactos',
    calendar: 'Calendario',
    bluetooth: 'Bluetooth',
    face_id: 'Face ID / Touch ID',
    other: 'Otros',
  },
  access: { read: 'lectura', write: 'escritura' },
  modes: { when_in_use: 'solo mientras usa la aplicación', always: 'también en segundo plano', local: 'recordatorios programados en su dispositivo', push: 'notificaciones push' },
  flowTypes: {
    waitlist: 'lista de espera',
    feedback: 'opiniones',
    report: 'notificación de problemas',
    contact: 'contacto',
    crash: 'informes de fallos',
    onboarding: 'bienvenida',
    referral: 'invitaciones',
    wishlist: 'ideas',
    cancel: 'cancelación',
    app_promotion: 'promoción de apps',
  },
  presets: {
    revenuecat: 'RevenueCat gestiona las compras dentro de la aplicación y las suscripciones: verifica los recibos con la tienda de aplicaciones e indica a la aplicación qué funciones ha pagado usted.',
    superwall: 'Superwall muestra las pantallas con las ofertas de suscripción: decide qué oferta se muestra y mide cuáles conducen a una compra.',
    firebase: 'Firebase, un servicio de Google, mide cómo se usa la aplicación mediante identificadores seudonimizados de instancia de la aplicación.',
    amplitude: measures('Amplitude'),
    posthog: measures('PostHog'),
    sentry: 'Sentry recibe informes de fallos y mediciones de rendimiento para que podamos localizar y corregir errores.',
    mixpanel: measures('Mixpanel'),
    onesignal: 'OneSignal entrega nuestras notificaciones push y mensajes dentro de la aplicación y nos indica cuáles se han abierto.',
    admob: 'Google AdMob muestra anuncios en la aplicación y mide su rendimiento.',
    appsflyer: 'AppsFlyer nos indica cuáles de nuestras campañas publicitarias han dado lugar a una instalación o una compra (atribución).',
    crashlytics: 'Firebase Crashlytics, un servicio de Google, recibe informes de fallos para que podamos localizar y corregir errores.',
    appflows: 'Appflows gestiona los formularios y flujos alojados de la aplicación (como las páginas de opiniones, asistencia, lista de espera e invitaciones) y almacena lo que usted envía a través de ellos.',
  },

  policyTitles: {
    who: 'Responsable del tratamiento',
    'on-device': 'Datos que permanecen en su dispositivo',
    'leaves-device': 'Datos que salen de su dispositivo y quién los recibe',
    'device-features': 'Funciones del dispositivo que utiliza la aplicación',
    claims: 'Venta de datos, publicidad y rastreo',
    children: 'Menores',
    health: 'Información sobre la salud',
    retention: 'Plazo de conservación de los datos',
    rights: 'Sus derechos',
    changes: 'Cambios en esta política',
  },
  termsTitles: {
    agreement: 'Acuerdo',
    subscriptions: 'Suscripciones y compras',
    use: 'Uso de la aplicación',
    medical: 'No constituye asesoramiento médico',
    liability: 'Exclusión de garantías y limitación de responsabilidad',
    eula: 'Licencia del App Store',
    privacy: 'Privacidad',
    law: 'Legislación aplicable',
    changes: 'Modificaciones y contacto',
  },

  contactByEmail: ({ email }) => ['en la dirección de correo electrónico ', email],
  contactOtherwise: 'a través de los datos de contacto que figuran en la aplicación o en su página de la tienda de aplicaciones',
  capability: ({ label, access, mode, use }) => {
    const how = [access, mode].filter(Boolean).join(', ');
    return `${label}${how ? ` (${how})` : ''}${use ? `: ${use}` : ''}`;
  },

  whoIsResponsible: ({ entity, jurisdiction, app }) =>
    `${entity}${jurisdiction ? ` (${jurisdiction})` : ''} desarrolla la aplicación ${app} y es el responsable del tratamiento de los datos personales que esta trata.`,
  reachUs: ({ contact }) => ['Puede ponerse en contacto con nosotros ', ...contact, '.'],

  staysIntro: ({ entity }) => `Los siguientes datos permanecen en su dispositivo y no se envían a ${entity} ni a nadie más:`,
  staysExceptCoarser: ({ capability, kept, sent, recipients }) => `${capability}: ${kept} permanece en su dispositivo; solo se envía ${sent}, a ${recipients}`,
  cloudSyncNote: 'La sincronización con la nube los copia en su propio espacio privado de almacenamiento en la nube (como iCloud), al que nosotros no tenemos acceso.',
  deletingDeletes: ({ app }) => `Al eliminar ${app}, se eliminan también estos datos.`,

  nothingLeaves: ({ app }) => `Ningún dato sale de su dispositivo: ${app} no recoge datos personales.`,
  onlyListedLeaves: 'Solo salen de su dispositivo los datos que se indican a continuación. Cada servicio los recibe para la finalidad indicada y actúa únicamente por cuenta nuestra.',
  onlyListedLeavesSomeOwnUse: ({ names }) =>
    `Solo salen de su dispositivo los datos que se indican a continuación. Cada servicio los recibe para la finalidad indicada; ${names.length === 1 ? `${names[0]} los utiliza` : `${names.slice(0, -1).join(', ')} y ${names[names.length - 1]} los utilizan`} además para sus propios fines, como responsables del tratamiento independientes y conforme a sus propias políticas de privacidad. Los demás servicios actúan únicamente por cuenta nuestra.`,
  processorReceivesLabel: 'Recibe:',
  processorReceives: ({ kinds, purposes, linked, linkedKinds, tracking }) =>
    `${kinds}, ${purposes}.${linkedKinds ? ` De ellos, ${linkedKinds} pueden vincularse a su identidad; los demás no.` : linked ? ' Estos datos pueden vincularse a su identidad.' : ' Estos datos no se vinculan a su identidad.'}${tracking ? ' Se utilizan para el rastreo.' : ''}`,
  processorThrough: ({ flows }) => `A través de: ${flows.join(', ')}.`,
  flowName: ({ type, slug }) => (slug ? `${type} (${slug})` : type),
  processorPrivacyLink: ({ name }) => `Política de privacidad de ${name}`,
  customProcessor: ({ name, kinds, purposes }) => `${name} recibe ${kinds}, ${purposes}.`,
  customProcessorUnmapped: ({ name }) => `${name} recibe datos de la aplicación.`,
  entityReceives: ({ entity }) => `${entity} recibe directamente:`,
  entityReceivesItem: ({ kind, capability, use }) => `${kind} (${capability})${use ? `: ${use}` : ''}`,
  optionalFields: 'Cuando un formulario indica que un campo es opcional (por ejemplo, una dirección de correo electrónico para responderle), usted decide si lo facilita.',

  deviceFeaturesIntro: ({ app }) => `${app} le pide permiso antes de usar cualquiera de estas funciones, y usted puede retirarlo en los ajustes de su dispositivo:`,
  deviceFeature: ({ capability, where }) =>
    `${capability}${where === 'sent' ? ' (los datos se nos envían)' : where === 'push' ? ' (se entregan a través del servicio push de su plataforma)' : ' (los datos permanecen en su dispositivo)'}`,
  deviceFeatureSentTo: ({ capability, recipients }) => `${capability} (los datos se envían a ${recipients})`,
  deviceFeatureCoarser: ({ capability, kept, sent, recipients }) => `${capability} (${kept} permanece en su dispositivo; se envía ${sent} a ${recipients})`,

  claims: {
    sellsData: { yes: () => 'Vendemos o cedemos datos personales a terceros para que los utilicen con sus propios fines.', no: () => 'No vendemos sus datos personales.' },
    advertising: { yes: ({ app }) => `${app} muestra publicidad.`, no: ({ app }) => `${app} no muestra publicidad.` },
    tracking: {
      yes: () => 'Nosotros o nuestros socios rastreamos su actividad en las apps y los sitios web de otras empresas, solo con su permiso cuando la plataforma lo exige.',
      no: () => 'No rastreamos su actividad en las apps y los sitios web de otras empresas.',
    },
    analytics: {
      yes: () => 'Medimos el uso de la aplicación con los servicios de analítica indicados más arriba.',
      no: () => 'No utilizamos servicios de analítica para medir cómo utiliza usted la aplicación.',
    },
    profiling: {
      yes: () => 'Elaboramos perfiles para tomar decisiones automatizadas sobre usted.',
      no: () => 'No elaboramos perfiles sobre usted ni tomamos decisiones automatizadas que le afecten.',
    },
  },

  forChildren: ({ app, contact }) => [
    `${app} es una aplicación pensada para niños. Solo recogemos los datos que la aplicación necesita para funcionar, y el padre, la madre o el tutor legal puede solicitarnos el acceso a los datos del menor o su supresión contactando con nosotros `,
    ...contact,
    '.',
  ],
  forChildrenPlain: ({ app, contact }) => [
    `${app} es una aplicación pensada para niños. El padre, la madre o el tutor legal puede solicitarnos el acceso a los datos del menor o su supresión contactando con nosotros `,
    ...contact,
    '.',
  ],
  notForChildren: ({ age, app, contact }) => [
    `${app} no es una aplicación dirigida a menores de ${age} años, y no recogemos a sabiendas sus datos personales. Si cree que un menor nos ha facilitado datos, contacte con nosotros `,
    ...contact,
    ' y los suprimiremos.',
  ],

  noMedicalAdvice: ({ app }) => `${app} no ofrece asesoramiento médico; consulte las condiciones de uso.`,

  retentionOnDevice: 'Los datos almacenados en su dispositivo se conservan hasta que usted los elimine o elimine la aplicación.',
  retentionSent:
    'Los datos enviados a los servicios indicados más arriba se conservan solo durante el tiempo necesario para los fines con los que se recogieron, o según lo que describan sus propias políticas; lo que usted envía a través de los formularios de la aplicación se conserva hasta que nos pida que lo suprimamos o deje de sernos necesario.',

  rights: ({ contact }) => [
    'Puede solicitarnos una copia de los datos personales que tratamos sobre usted, así como su rectificación o su supresión. Para ello, contacte con nosotros ',
    ...contact,
    '; le responderemos en un plazo de 30 días.',
  ],
  complain: ({ jurisdiction }) => `También puede presentar una reclamación ante la autoridad de control en materia de protección de datos del lugar en que resida o de ${jurisdiction}.`,

  policyChanges:
    'Cuando modifiquemos esta política, publicaremos una nueva versión con una nueva fecha de entrada en vigor. Todas las versiones anteriores siguen disponibles, cada una en su propia dirección; consulte el historial de versiones que figura más abajo.',

  agreement: ({ entity, jurisdiction, app }) =>
    `Estas condiciones constituyen un acuerdo entre usted y ${entity}${jurisdiction ? ` (${jurisdiction})` : ''} sobre el uso que usted haga de ${app}. Al utilizar ${app}, usted las acepta.`,
  minimumAge: ({ age, app }) => `Para utilizar ${app} debe tener al menos ${age} años.`,
  subscriptionsBilling: 'Las compras y suscripciones se realizan a través de su cuenta de la tienda de aplicaciones, que es quien las factura.',
  subscriptionsRenewal:
    'Las suscripciones se renuevan automáticamente por el mismo periodo y al mismo precio, salvo que usted desactive la renovación automática al menos 24 horas antes de que finalice el periodo en curso. Puede gestionar y cancelar sus suscripciones en los ajustes de su cuenta de la tienda de aplicaciones; eliminar la aplicación no cancela la suscripción.',
  subscriptionsRefunds: 'Los reembolsos los gestiona la tienda de aplicaciones conforme a sus propias normas.',
  useLawfully: ({ app }) =>
    `Utilice ${app} de forma lícita y no haga un uso indebido de la aplicación: no intente vulnerarla, sobrecargarla ni aplicarle ingeniería inversa, ni la utilice para causar daño a otras personas.`,
  mayChange: ({ entity, app }) => `${entity} puede modificar, suspender o suprimir funciones de ${app} en cualquier momento.`,
  medicalDefault: ({ app }) =>
    `${app} tiene una finalidad exclusivamente informativa y de bienestar general. No es un producto sanitario y no ofrece asesoramiento, diagnóstico ni tratamiento médicos. Consulte a un médico o a otro profesional sanitario cualificado ante cualquier cuestión médica, y no desatienda ni retrase nunca el consejo de un profesional por algo que haya visto en la aplicación.`,
  asIs: ({ app, entity }) =>
    `${app} se ofrece «tal cual», sin garantías de ningún tipo, en la medida en que la ley lo permita. ${entity} no será responsable de los daños indirectos o consecuenciales derivados del uso que usted haga de la aplicación, en la medida en que la ley lo permita; nada de lo dispuesto en estas condiciones limita los derechos irrenunciables que le correspondan como consumidor.`,
  liabilityUnlimited:
    'Nada en estas condiciones excluye ni limita la responsabilidad por dolo o culpa grave, por muerte o daños personales, ni ninguna otra responsabilidad que la ley no permita excluir o limitar, como la derivada de productos defectuosos.',
  appleEula: ({ href }) => [
    'Si ha descargado la aplicación del App Store de Apple, también se aplica el ',
    { text: 'Contrato de licencia de usuario final de la aplicación con licencia', href },
    ' de Apple (CLUF estándar).',
  ],
  privacyReference: ({ href }) => ['El modo en que tratamos los datos personales se describe en la ', { text: 'política de privacidad', href }, '.'],
  governingLaw: ({ law }) => `Estas condiciones se rigen por la legislación vigente en ${law}, sin que ello le prive de la protección que le otorga la ley del país en el que reside.`,
  termsChanges: ({ contact }) => [
    'Cuando modifiquemos estas condiciones, publicaremos una nueva versión con una nueva fecha de entrada en vigor; las versiones anteriores siguen disponibles. Si tiene alguna pregunta, contacte con nosotros ',
    ...contact,
    '.',
  ],
};

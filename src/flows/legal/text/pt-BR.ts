import type { LegalText } from './types.js';

/**
 * Brazilian Portuguese. An AI translation by the Appflows team, to be reviewed by a native legal
 * professional (Brazilian privacy lawyer) before it is relied on.
 *
 * Terminology: the official Portuguese version of the GDPR (Regulamento (UE) 2016/679, RGPD) for
 * the terms of art — dados pessoais, tratamento, responsável pelo tratamento, titular dos dados,
 * consentimento, autoridade de controlo, decisões automatizadas / definição de perfis — written
 * with Brazilian spelling ("autoridade de controle", "contato", "ação") and register. The plain
 * sentences of this first part say "criar perfis"; the law part names "definição de perfis".
 *
 * Decisions:
 * - GDPR wording over LGPD wording (Lei 13.709/2018): the policy speaks of the GDPR where it applies,
 *   and its obligations are tied to the Regulation's concepts, so "responsável pelo tratamento"
 *   rather than the LGPD's "controlador". The two mean the same role and "tratamento" /
 *   "titular" / "dados pessoais" are shared by both laws, so a Brazilian reader meets nothing
 *   foreign. Where the policy names the roles it glosses the LGPD word once, in brackets
 *   ("controlador" in "Quem é o responsável", "operador" after "subcontratante", the RGPD's word
 *   for processor, which alone would read as "subcontractor" in Brazil). ANPD is not named: the
 *   complaint sentences point to the authority where the reader lives or of the owner's
 *   jurisdiction, which is the ANPD only for Brazil.
 * - "Você", as Apple's and Google's Brazilian terms and the app's own pt-BR pages do; the tone
 *   stays formal (no slang, full sentences). "Nós" for the owner, which fits a company and an
 *   individual developer alike.
 * - "Aplicativo" (not "app") for the app; "App Store" for Apple's store, "loja de aplicativos"
 *   for any store. The app's name takes the masculine article ("o Sleepy", "do Sleepy"), as the
 *   pt-BR page catalog does ("Ideias para o {app}").
 * - Owner-written slots (jurisdiction, governing law) stand in brackets or after a colon, where no
 *   article or contraction must agree with them ("Alemanha", "a Irlanda", "direito irlandês" all read).
 * - Device features use Apple's Brazilian names where they are also plain Portuguese (Câmera,
 *   Microfone, Contatos, Calendário); settings are "configurações do dispositivo" (plain
 *   Portuguese and Android's word) rather than iOS's "Ajustes", since the text serves both.
 */
export const ptBR: LegalText = {
  lang: 'pt-BR',

  list: (w) => (w.length <= 1 ? (w[0] ?? '') : `${w.slice(0, -1).join(', ')} e ${w[w.length - 1]}`),
  kinds: {
    name: 'seu nome',
    email: 'seu endereço de e-mail',
    phone: 'seu número de telefone',
    physical_address: 'seu endereço postal',
    health: 'informações de saúde',
    fitness: 'informações de condicionamento físico e exercícios',
    payment_info: 'informações de pagamento',
    precise_location: 'sua localização precisa',
    coarse_location: 'sua localização aproximada',
    contacts: 'seus contatos',
    messages: 'mensagens que você escreve',
    photos_videos: 'fotos ou vídeos',
    audio: 'gravações de voz ou de som',
    customer_support: 'o que você escreve ao suporte',
    user_content: 'conteúdo que você cria ou envia',
    browsing_history: 'seu histórico de navegação',
    search_history: 'suas pesquisas no aplicativo',
    user_id: 'um identificador de conta ou de usuário',
    device_id: 'um identificador do dispositivo ou da instalação',
    purchase_history: 'suas compras e assinaturas',
    product_interaction: 'como você usa o aplicativo (telas, toques, escolhas)',
    advertising_data: 'os anúncios que você vê e nos quais toca',
    other_usage_data: 'outras informações de uso',
    crash_data: 'relatórios de falhas',
    performance_data: 'medições de desempenho (tempo de abertura, travamentos, consumo de energia)',
    other_diagnostic_data: 'outros diagnósticos técnicos',
    other: 'outras informações',
  },
  purposes: {
    app_functionality: 'para fazer o aplicativo funcionar',
    analytics: 'para entender como o aplicativo é usado',
    product_personalization: 'para personalizar o aplicativo para você',
    developer_advertising: 'para informar você sobre nossos próprios produtos',
    third_party_advertising: 'para exibir publicidade',
    developer_communications: 'para entrar em contato com você sobre o aplicativo',
    fraud_prevention: 'para prevenir fraudes e abusos',
    account_management: 'para gerenciar sua conta',
    other: 'para outras finalidades',
  },
  purposeCrash: 'para detectar e corrigir falhas e erros',
  capabilities: {
    health: 'Dados de saúde (HealthKit / Health Connect)',
    motion: 'Movimento e atividade física',
    location: 'Localização',
    notifications: 'Notificações',
    cloud_sync: 'Sincronização com a nuvem',
    camera: 'Câmera',
    photos: 'Biblioteca de fotos',
    microphone: 'Microfone',
    speech_recognition: 'Reconhecimento de fala',
    contacts: 'Contatos',
    calendar: 'Calendário',
    bluetooth: 'Bluetooth',
    face_id: 'Face ID / Touch ID',
    other: 'Outros',
  },
  access: { read: 'leitura', write: 'gravação' },
  modes: {
    when_in_use: 'somente enquanto você usa o aplicativo',
    always: 'também em segundo plano',
    local: 'lembretes agendados no seu dispositivo',
    push: 'notificações push',
  },
  flowTypes: {
    waitlist: 'lista de espera',
    feedback: 'feedback',
    report: 'relato de problemas',
    contact: 'contato',
    crash: 'relato de falhas',
    onboarding: 'primeiros passos',
    referral: 'indicação',
    wishlist: 'ideias',
    cancel: 'cancelamento',
    app_promotion: 'divulgação de aplicativos',
  },
  presets: {
    revenuecat: 'O RevenueCat processa as compras e assinaturas feitas dentro do aplicativo: verifica os recibos junto à loja de aplicativos e informa ao aplicativo quais recursos você pagou.',
    superwall: 'O Superwall exibe as telas de oferta de assinatura: decide qual oferta mostrar e mede quais delas levam a uma compra.',
    firebase: 'O Firebase, um serviço do Google, mede como o aplicativo é usado por meio de identificadores pseudonimizados de instância do aplicativo.',
    amplitude: 'O Amplitude mede como o aplicativo é usado, para que possamos ver quais recursos ajudam e quais confundem.',
    posthog: 'O PostHog mede como o aplicativo é usado, para que possamos ver quais recursos ajudam e quais confundem.',
    sentry: 'O Sentry recebe relatórios de falhas e medições de desempenho para que possamos encontrar e corrigir erros.',
    mixpanel: 'O Mixpanel mede como o aplicativo é usado, para que possamos ver quais recursos ajudam e quais confundem.',
    onesignal: 'O OneSignal entrega nossas notificações push e mensagens no aplicativo e nos informa quais foram abertas.',
    admob: 'O Google AdMob exibe anúncios no aplicativo e mede o desempenho deles.',
    appsflyer: 'O AppsFlyer nos informa quais das nossas campanhas de anúncios levaram a uma instalação ou a uma compra (atribuição).',
    crashlytics: 'O Firebase Crashlytics, um serviço do Google, recebe relatórios de falhas para que possamos encontrar e corrigir erros.',
    appflows: 'O Appflows opera os formulários e fluxos hospedados do aplicativo (como as páginas de feedback, suporte, lista de espera e indicação) e armazena o que você envia por meio deles.',
  },

  policyTitles: {
    who: 'Quem é o responsável',
    'on-device': 'O que fica no seu dispositivo',
    'leaves-device': 'O que sai do seu dispositivo e quem recebe',
    'device-features': 'Recursos do dispositivo usados pelo aplicativo',
    claims: 'Venda de dados, publicidade e rastreamento',
    children: 'Crianças',
    health: 'Informações de saúde',
    retention: 'Por quanto tempo mantemos os dados',
    rights: 'Seus direitos',
    changes: 'Alterações desta política',
  },
  termsTitles: {
    agreement: 'Aceitação dos termos',
    subscriptions: 'Assinaturas e compras',
    use: 'Uso do aplicativo',
    medical: 'Não substitui orientação médica',
    liability: 'Isenção de garantias e limitação de responsabilidade',
    eula: 'Licença da App Store',
    privacy: 'Privacidade',
    law: 'Lei aplicável',
    changes: 'Alterações e contato',
  },

  contactByEmail: ({ email }) => ['pelo e-mail ', email],
  contactOtherwise: 'pelos meios de contato informados no aplicativo ou na página dele na loja de aplicativos',
  capability: ({ label, access, mode, use }) => {
    const how = [access, mode].filter(Boolean).join(', ');
    return `${label}${how ? ` (${how})` : ''}${use ? `: ${use}` : ''}`;
  },

  whoIsResponsible: ({ entity, jurisdiction, app }) =>
    `${entity}${jurisdiction ? ` (${jurisdiction})` : ''} desenvolve o ${app} e é o responsável pelo tratamento (o “controlador”, na terminologia da LGPD) dos dados pessoais tratados por meio dele.`,
  reachUs: ({ contact }) => ['Você pode entrar em contato conosco ', ...contact, '.'],

  staysIntro: ({ entity }) => `Os itens abaixo permanecem no seu dispositivo; nem ${entity} nem qualquer outra pessoa os recebe:`,
  staysExceptCoarser: ({ capability, kept, sent, recipients }) => `${capability}: ${kept} permanece no seu dispositivo; só enviamos ${sent}, para ${recipients}`,
  cloudSyncNote: 'A sincronização com a nuvem os copia para o seu próprio armazenamento privado na nuvem (como o iCloud), ao qual não temos acesso.',
  deletingDeletes: ({ app }) => `Ao excluir o ${app}, esses dados também são excluídos.`,

  nothingLeaves: ({ app }) => `Nenhum dado sai do seu dispositivo: o ${app} não coleta dados pessoais.`,
  onlyListedLeaves: 'Somente o que está listado aqui sai do seu dispositivo. Cada serviço recebe esses dados para a finalidade indicada e atua apenas em nosso nome, como subcontratante (o “operador”, na terminologia da LGPD).',
  onlyListedLeavesSomeOwnUse: ({ names }) =>
    `Somente o que está listado aqui sai do seu dispositivo. Cada serviço recebe esses dados para a finalidade indicada; ${names.length === 1 ? `${names[0]} também os usa` : `${names.slice(0, -1).join(', ')} e ${names[names.length - 1]} também os usam`} para finalidades próprias, como controladores independentes e de acordo com suas próprias políticas de privacidade. Os demais serviços atuam apenas em nosso nome.`,
  processorReceivesLabel: 'Recebe:',
  processorReceives: ({ kinds, purposes, linked, linkedKinds, tracking }) =>
    `${kinds}, ${purposes}.${linkedKinds ? ` Desses dados, ${linkedKinds} podem ser vinculados a você; os demais não.` : linked ? ' Esses dados podem ser vinculados a você.' : ' Esses dados não são vinculados à sua identidade.'}${tracking ? ' Eles são usados para rastreamento.' : ''}`,
  processorThrough: ({ flows }) => `Por meio de: ${flows.join(', ')}.`,
  flowName: ({ type, slug }) => (slug ? `${type} (${slug})` : type),
  processorPrivacyLink: ({ name }) => `Política de privacidade de ${name}`,
  customProcessor: ({ name, kinds, purposes }) => `O serviço ${name} recebe ${kinds}, ${purposes}.`,
  customProcessorUnmapped: ({ name }) => `O serviço ${name} recebe dados do aplicativo.`,
  entityReceives: ({ entity }) => `${entity} recebe diretamente:`,
  entityReceivesItem: ({ kind, capability, use }) => `${kind} (${capability})${use ? `: ${use}` : ''}`,
  optionalFields: 'Quando um formulário indica que um campo é opcional (como um endereço de e-mail para resposta), cabe a você decidir se quer preenchê-lo.',

  deviceFeaturesIntro: ({ app }) => `O ${app} pede sua permissão antes de usar qualquer um destes recursos, e você pode revogá-la nas configurações do seu dispositivo:`,
  deviceFeature: ({ capability, where }) =>
    `${capability}${
      where === 'sent'
        ? ' (os dados são enviados para nós)'
        : where === 'push'
          ? ' (as notificações são entregues pelo serviço de notificações push da sua plataforma)'
          : ' (os dados permanecem no seu dispositivo)'
    }`,
  deviceFeatureSentTo: ({ capability, recipients }) => `${capability} (os dados são enviados para ${recipients})`,
  deviceFeatureCoarser: ({ capability, kept, sent, recipients }) => `${capability} (${kept} permanece no seu dispositivo; enviamos ${sent} para ${recipients})`,

  claims: {
    sellsData: { yes: () => 'Vendemos ou compartilhamos dados pessoais com terceiros para uso próprio deles.', no: () => 'Não vendemos seus dados pessoais.' },
    advertising: { yes: ({ app }) => `O ${app} exibe publicidade.`, no: ({ app }) => `O ${app} não exibe publicidade.` },
    tracking: {
      yes: () => 'Nós ou nossos parceiros rastreamos você em aplicativos e sites de outras empresas, somente com a sua permissão quando a plataforma a exige.',
      no: () => 'Não rastreamos você em aplicativos e sites de outras empresas.',
    },
    analytics: {
      yes: () => 'Medimos como o aplicativo é usado por meio de serviços de análise, listados acima.',
      no: () => 'Não usamos serviços de análise para medir como você usa o aplicativo.',
    },
    profiling: {
      yes: () => 'Criamos perfis seus para tomar decisões automatizadas a seu respeito.',
      no: () => 'Não criamos perfis seus nem tomamos decisões automatizadas a seu respeito.',
    },
  },

  forChildren: ({ app, contact }) => [
    `O ${app} é feito para crianças. Coletamos apenas o necessário para o funcionamento do aplicativo, e um dos pais ou o responsável legal pode nos pedir acesso aos dados de uma criança ou a exclusão deles `,
    ...contact,
    '.',
  ],
  forChildrenPlain: ({ app, contact }) => [`O ${app} é feito para crianças. Um dos pais ou o responsável legal pode nos pedir acesso aos dados de uma criança ou a exclusão deles `, ...contact, '.'],
  notForChildren: ({ age, app, contact }) => [
    `O ${app} não é direcionado a crianças menores de ${age} anos, e não coletamos intencionalmente dados pessoais delas. Se você acredita que uma criança nos forneceu dados, avise-nos `,
    ...contact,
    ' e nós os excluiremos.',
  ],

  noMedicalAdvice: ({ app }) => `O ${app} não oferece aconselhamento médico; consulte os termos de uso.`,

  retentionOnDevice: 'Os dados no seu dispositivo permanecem nele até que você os exclua ou exclua o aplicativo.',
  retentionSent:
    'Os dados enviados aos serviços acima são mantidos apenas pelo tempo necessário para a finalidade para a qual foram coletados, ou conforme descrito nas políticas desses serviços; o que você envia pelos formulários do aplicativo é mantido até que você nos peça para excluí-lo ou até que não precisemos mais dele.',

  rights: ({ contact }) => [
    'Você pode nos pedir uma cópia dos dados pessoais que mantemos sobre você, a correção deles ou a sua exclusão. Entre em contato conosco ',
    ...contact,
    '; respondemos em até 30 dias.',
  ],
  complain: ({ jurisdiction }) =>
    `Você também pode apresentar reclamação à autoridade de proteção de dados do local onde reside ou à autoridade competente na jurisdição do responsável (${jurisdiction}).`,

  policyChanges:
    'Quando esta política muda, publicamos uma nova versão com uma nova data de vigência. Todas as versões anteriores continuam disponíveis em seus próprios endereços; consulte o histórico de versões abaixo.',

  agreement: ({ entity, jurisdiction, app }) =>
    `Estes termos constituem um acordo entre você e ${entity}${jurisdiction ? ` (${jurisdiction})` : ''} sobre o uso que você faz do ${app}. Ao usar o ${app}, você os aceita.`,
  minimumAge: ({ age, app }) => `Você precisa ter pelo menos ${age} anos para usar o ${app}.`,
  subscriptionsBilling: 'Compras e assinaturas são feitas pela sua conta na loja de aplicativos e cobradas pela própria loja.',
  subscriptionsRenewal:
    'A assinatura é renovada automaticamente pelo mesmo período e preço, a menos que você desative a renovação automática pelo menos 24 horas antes do fim do período atual. Você pode gerenciar e cancelar assinaturas nas configurações da sua conta na loja de aplicativos; excluir o aplicativo não cancela a assinatura.',
  subscriptionsRefunds: 'Os reembolsos são tratados pela loja de aplicativos, de acordo com as regras dela.',
  useLawfully: ({ app }) =>
    `Use o ${app} de forma lícita e não faça uso indevido dele: não tente danificá-lo, sobrecarregá-lo ou fazer engenharia reversa dele, nem o use para prejudicar outras pessoas.`,
  mayChange: ({ entity, app }) => `${entity} pode alterar, suspender ou encerrar recursos do ${app} a qualquer momento.`,
  medicalDefault: ({ app }) =>
    `O ${app} destina-se apenas a informação geral e bem-estar. Ele não é um dispositivo médico e não oferece aconselhamento, diagnóstico ou tratamento médico. Consulte um médico ou outro profissional de saúde habilitado sobre qualquer questão médica e nunca ignore nem adie uma orientação profissional por causa de algo que viu no aplicativo.`,
  asIs: ({ app, entity }) =>
    `O ${app} é fornecido “no estado em que se encontra”, sem garantias de qualquer tipo, na medida permitida pela lei. ${entity} não se responsabiliza por danos indiretos ou consequenciais decorrentes do uso do aplicativo, na medida permitida pela lei; nada nestes termos limita os direitos que você tem como consumidor e que não podem ser limitados.`,
  liabilityUnlimited:
    'Nada nestes termos exclui ou limita a responsabilidade por dolo ou culpa grave, por morte ou lesão corporal, nem qualquer outra responsabilidade que a lei não permita excluir ou limitar, como a responsabilidade pelo fato do produto.',
  appleEula: ({ href }) => [
    'Se você obteve o aplicativo na App Store da Apple, também se aplica o ',
    { text: 'Contrato de Licença de Usuário Final de Aplicativo Licenciado', href },
    ' padrão da Apple.',
  ],
  privacyReference: ({ href }) => ['A forma como tratamos dados pessoais está descrita na ', { text: 'política de privacidade', href }, '.'],
  governingLaw: ({ law }) =>
    `Estes termos são regidos pela legislação da seguinte jurisdição: ${law}. Isso não priva você da proteção conferida pela legislação do país onde você reside.`,
  termsChanges: ({ contact }) => [
    'Quando estes termos mudam, publicamos uma nova versão com uma nova data de vigência; as versões anteriores continuam disponíveis. Dúvidas: entre em contato conosco ',
    ...contact,
    '.',
  ],
};

import { personIn, withPhone } from './law.person.js';
import type { LawText } from './law.types.js';

const person = personIn();

/** National laws on storing or reading information on the device beside ePrivacy Art. 5(3), by the owner's country. */
const DEVICE_ACCESS_NATIONAL: Record<string, string> = {
  DE: '§ 25 da lei alemã TDDDG',
  FR: 'art. 82 da lei francesa Informatique et Libertés',
  ES: 'art. 22.2 da lei espanhola LSSI (Ley 34/2002)',
  IT: 'art. 122 do Codice della privacy italiano (Decreto legislativo 196/2003)',
  NL: 'art. 11.7a da Telecommunicatiewet neerlandesa',
  AT: '§ 165 da lei austríaca TKG 2021',
};

/**
 * Brazilian Portuguese, the law sections. An AI translation by the Appflows team, to be reviewed
 * by a native legal professional before it is relied on.
 *
 * Terminology: the official Portuguese version of the GDPR (Regulamento Geral sobre a Proteção de
 * Dados, RGPD) and of the Standard Contractual Clauses (Decisão de Execução (UE) 2021/914), with
 * Brazilian spelling: titular dos dados, responsável pelo tratamento, subcontratante, consentimento
 * (explícito), execução de um contrato, obrigação jurídica, interesses legítimos, categorias
 * especiais de dados pessoais, acesso, retificação, apagamento, limitação do tratamento,
 * portabilidade, oposição, decisões individuais automatizadas / definição de perfis, autoridade de
 * controle ("controlo" in Portugal), encarregado da proteção de dados, representante, países
 * terceiros, Espaço Econômico Europeu, decisão de adequação / nível de proteção adequado,
 * cláusulas contratuais-tipo, Quadro de Privacidade de Dados UE-EUA.
 *
 * Decisions (see also pt-BR.ts):
 * - "RGPD", the Regulation's Portuguese abbreviation, not the English "GDPR" many Brazilians also
 *   use; the UK law is "RGPD do Reino Unido". Articles are cited the Brazilian way, "art. 6º, nº 1,
 *   alínea a, do RGPD".
 * - Where the LGPD (Lei 13.709/2018) has another word for the same thing a Brazilian reader knows,
 *   it is glossed once in brackets: special categories are the LGPD's "dados pessoais sensíveis".
 *   "Encarregado" is already shared by both laws.
 * - Californian and US laws keep their English names after a Portuguese description, since they
 *   have no official Portuguese title; the opt-out request subject is given in Portuguese.
 */
export const lawPtBR: LawText = {
  titles: {
    'legal-bases': 'Bases legais',
    purposes: 'Finalidades do tratamento',
    transfers: 'Transferências para fora do EEE, do Reino Unido e da Suíça',
    'us-privacy': 'Seus direitos de privacidade nos estados dos EUA',
  },

  postalAddress: ({ address }) => `Endereço postal: ${address}.`,
  dpo: (p) => ['Nosso encarregado da proteção de dados é ', ...person(p), '.'],
  euRepresentative: (p) => ['Nosso representante na União Europeia (art. 27 do RGPD) é ', ...person(p), '.'],
  ukRepresentative: (p) => ['Nosso representante no Reino Unido (art. 27 do RGPD do Reino Unido) é ', ...person(p), '.'],
  swissRepresentative: (p) => ['Nosso representante na Suíça (art. 14 da Lei Federal suíça de Proteção de Dados, LPD) é ', ...person(p), '.'],

  lawName: ({ eu, uk, ch }) =>
    eu && uk ? 'RGPD e do RGPD do Reino Unido' : uk ? 'RGPD do Reino Unido' : eu || !ch ? 'RGPD' : 'RGPD, na medida em que a Lei Federal suíça de Proteção de Dados o admite',
  basesIntro: ({ law }) => `Usamos dados pessoais apenas para as finalidades abaixo, cada uma com uma das bases legais do ${law}:`,
  purposeHeadings: {
    app_functionality: 'Funcionamento do aplicativo',
    analytics: 'Compreensão de como o aplicativo é usado',
    product_personalization: 'Personalização do aplicativo para você',
    developer_advertising: 'Informações sobre nossos próprios produtos',
    third_party_advertising: 'Exibição de publicidade',
    developer_communications: 'Comunicações com você sobre o aplicativo',
    fraud_prevention: 'Prevenção de fraudes e abusos',
    account_management: 'Gerenciamento da sua conta',
    other: 'Outras finalidades',
    crash_reporting: 'Detecção e correção de falhas e erros',
  },
  basisItem: ({ purpose, basis }) => `${purpose}: ${basis}.`,
  bases: {
    consent: ({ law }) => `seu consentimento (art. 6º, nº 1, alínea a, do ${law})`,
    contract: ({ law }) => `a execução do contrato que celebramos com você, ou seja, a disponibilização do aplicativo e dos recursos que você solicita (art. 6º, nº 1, alínea b, do ${law})`,
    legal_obligation: ({ law }) => `o cumprimento de uma obrigação jurídica a que estamos sujeitos (art. 6º, nº 1, alínea c, do ${law})`,
    legitimate_interests: ({ law }) => `nossos interesses legítimos (art. 6º, nº 1, alínea f, do ${law})`,
  },
  withdrawConsent: ({ law }) =>
    `Quando nos baseamos no seu consentimento, você pode retirá-lo a qualquer momento, de forma tão fácil quanto o deu (no aplicativo ou escrevendo para nós); a retirada não compromete a licitude do tratamento realizado antes dela (art. 7º, nº 3, do ${law}).`,
  healthConsent: ({ law }) =>
    `As informações de saúde pertencem às categorias especiais de dados pessoais (os “dados pessoais sensíveis” da LGPD): só as tratamos com o seu consentimento explícito (art. 9º, nº 2, alínea a, do ${law}), que você pode retirar a qualquer momento.`,
  legitimateInterests:
    'Nossos interesses legítimos são manter um aplicativo confiável e seguro, entender como ele é usado para poder melhorá-lo e prevenir abusos. Você pode se opor ao tratamento baseado neles (veja “Seus direitos”).',

  provisionRequirement:
    'Nenhuma lei ou contrato obriga você a nos fornecer dados pessoais. Alguns recursos precisam de certos dados para funcionar (um endereço de e-mail para uma resposta, uma compra para uma assinatura); sem eles, você continua podendo usar o restante do aplicativo.',
  childConsent: ({ law }) =>
    `Quando nos baseamos no consentimento e você ainda não atingiu a idade do consentimento digital, o consentimento deve ser dado ou autorizado pelos titulares das responsabilidades parentais, e envidamos todos os esforços adequados para verificar isso (art. 8º do ${law}). Essa idade é:`,
  consentAgeItem: ({ age, countries }) => `${age} anos: ${countries}`,
  fadpAlso:
    'Quando se aplica a Lei Federal suíça de Proteção de Dados (LPD), ela não exige uma base legal para essas finalidades: um tratamento que respeita seus princípios é lícito e, se ele violar ilicitamente sua personalidade, nos baseamos em um motivo justificativo (art. 31 da LPD), como seu consentimento ou um interesse preponderante.',

  fadpPurposesIntro: 'Tratamos dados pessoais para as seguintes finalidades (art. 19, nº 2, alínea c, da Lei Federal suíça de Proteção de Dados, LPD):',
  fadpRecipients: ({ recipients, transfers }) =>
    `Só os comunicamos aos destinatários indicados em “${recipients}”; onde eles os tratam e como uma comunicação ao exterior é protegida está indicado em “${transfers}” (arts. 16, 17 e 19, nº 4, da LPD).`,
  fadpLawful:
    'A LPD não exige uma base legal para cada finalidade: um tratamento que respeita seus princípios (art. 6º da LPD) é lícito enquanto não violar ilicitamente sua personalidade. Se violar, só tratamos os dados com um motivo justificativo (art. 31 da LPD): seu consentimento, um interesse privado ou público preponderante, ou a lei.',
  fadpConsent: 'Quando o aplicativo pede seu consentimento, só tratamos os dados em questão com ele; você pode revogá-lo a qualquer momento, com efeito para o futuro.',
  fadpHealth:
    'Dados de saúde são dados pessoais sensíveis (art. 5º, alínea c, da LPD): só os tratamos com seu consentimento expresso (art. 6º, nº 7, alínea a, da LPD), que você pode revogar a qualquer momento.',
  transfersIntro: () =>
    'Onde cada serviço acima trata os dados, e como são protegidos os dados enviados para fora do Espaço Econômico Europeu, do Reino Unido ou da Suíça:',
  transfer: ({ name, locations, mechanism, regimes, dpf }) => {
    const where = locations ? ` (${locations})` : '';
    if (mechanism === 'eea') return `O serviço ${name} trata os dados dentro do Espaço Econômico Europeu${where}: não há transferência para fora dele.`;
    if (mechanism === 'adequacy')
      return `O serviço ${name} trata os dados em um país${where} que, segundo decisão da Comissão Europeia, assegura um nível de proteção adequado (decisão de adequação, art. 45 do RGPD).`;
    if (mechanism === 'dpf') {
      const ext = [regimes.uk && dpf.uk && 'da sua Extensão ao Reino Unido', regimes.ch && dpf.swiss && 'do Quadro de Privacidade de Dados Suíça-EUA'].filter(Boolean).join(' e ');
      const scc = [
        regimes.uk && !dpf.uk && 'as transferências a partir do Reino Unido baseiam-se nas cláusulas contratuais-tipo, complementadas pelo Adendo de Transferência Internacional de Dados do Reino Unido (art. 46 do RGPD do Reino Unido)',
        regimes.ch && !dpf.swiss && 'as transferências a partir da Suíça baseiam-se nas cláusulas contratuais-tipo, reconhecidas pelo Comissário Federal Suíço de Proteção de Dados e Informação (FDPIC)',
      ].filter(Boolean);
      return `O serviço ${name} trata os dados${where}, e a empresa que o fornece é certificada no âmbito do Quadro de Privacidade de Dados UE-EUA${ext ? ` (e ${ext})` : ''}, que, segundo decisão da Comissão Europeia, assegura um nível de proteção adequado (art. 45 do RGPD)${scc.length ? `; ${scc.join('; ')}` : ''}.`;
    }
    return `O serviço ${name} trata os dados${where}; a transferência é protegida pelas cláusulas contratuais-tipo adotadas pela Comissão Europeia (art. 46, nº 2, alínea c, do RGPD)${regimes.uk ? ', complementadas pelo Adendo de Transferência Internacional de Dados do Reino Unido' : ''}${regimes.ch ? ', reconhecidas pelo Comissário Federal Suíço de Proteção de Dados e Informação (FDPIC)' : ''}.`;
  },
  regionEea: 'Espaço Econômico Europeu',
  placeNotes: {
    if_chosen: ({ region }) => `${region} (se essa região for escolhida para o aplicativo)`,
    cdn: () => 'locais de uma rede de distribuição de conteúdo em todo o mundo',
    vendor_facilities: () => 'outros países onde o fornecedor ou seus agentes mantêm instalações',
  },
  transferUnknown: ({ name }) => `Não registramos onde o serviço ${name} trata os dados nem qual garantia protege uma transferência; consulte-nos antes de contar com isso.`,
  transferSource: ({ link }) => ['Fonte: ', link, '.'],
  transfersCopy: ({ contact }) => ['Você pode nos pedir uma cópia dessas garantias ', ...contact, '.'],

  retentionIntro: 'Para cada tipo de dado que sai do seu dispositivo:',
  retentionItem: ({ kind, period }) => `${kind.charAt(0).toUpperCase()}${kind.slice(1)}: ${period}`,
  retention: {
    until_deleted: 'até que você solicite a exclusão dos dados, ou antes, quando os dados deixarem de ser necessários para a finalidade da coleta',
    usage: 'pelo prazo de conservação definido na nossa conta no serviço; depois disso, os dados são excluídos ou anonimizados',
    diagnostics: 'pelo tempo necessário para encontrar e corrigir o problema; depois disso, os dados são excluídos conforme o prazo de conservação do serviço',
    purchases: 'pelo tempo em que a legislação tributária e comercial nos obriga a manter registros das compras',
  },

  rightsIntro: ({ law }) => `Nos termos do ${law}, você tem o direito de:`,
  rightsList: [
    'obter uma cópia dos dados pessoais que mantemos sobre você e informações sobre como os usamos (acesso);',
    'obter a correção de dados incorretos (retificação);',
    'obter a exclusão dos seus dados (apagamento);',
    'obter a restrição do uso dos seus dados (limitação do tratamento);',
    'receber os dados que você nos forneceu em formato legível por máquina, ou pedir que sejam enviados a outro fornecedor (portabilidade).',
  ],
  objection:
    'Direito de oposição: quando tratamos seus dados com base em nossos interesses legítimos, você pode se opor a qualquer momento, por motivos relacionados com a sua situação particular; nesse caso, deixamos de tratá-los, a menos que tenhamos razões legítimas imperiosas. Você pode se opor ao uso dos seus dados para marketing direto a qualquer momento, sem precisar justificar.',
  postMortem:
    'Pela lei francesa, você também pode nos dar instruções sobre o destino dos seus dados pessoais após a sua morte: conservação, eliminação ou comunicação (art. 85 da lei francesa Informatique et Libertés).',
  automatedDecisions:
    'Você também tem o direito de não ficar sujeito a nenhuma decisão tomada exclusivamente com base no tratamento automatizado, incluindo a definição de perfis, que produza efeitos na sua esfera jurídica ou que o afete significativamente de forma similar.',
  rightsHow: ({ contact }) => ['Para exercer qualquer um desses direitos, entre em contato conosco ', ...contact, '; respondemos no prazo de um mês.'],
  authority: ({ authority }) => [
    'Você também tem o direito de apresentar reclamação a uma autoridade de controle, em especial no país onde reside ou trabalha, ou à autoridade de controle que nos supervisiona: ',
    authority,
    '.',
  ],
  authorityGermany: ({ list }) => [
    'Você também tem o direito de apresentar reclamação a uma autoridade de controle, em especial no país onde reside ou trabalha, ou à autoridade de proteção de dados do estado federado alemão onde estamos estabelecidos (veja a ',
    list,
    ').',
  ],
  authorityWhereYouLive: 'Você também tem o direito de apresentar reclamação à autoridade de controle de proteção de dados do país onde reside ou trabalha.',
  germanAuthoritiesList: 'lista das autoridades alemãs de proteção de dados',
  otherRequestMethods: ({ form, phone }) =>
    form && phone
      ? ['Você também pode fazer essas solicitações pelo nosso formulário on-line em ', form, ` ou ligando gratuitamente para ${phone}.`]
      : form
        ? ['Você também pode fazer essas solicitações pelo nosso formulário on-line em ', form, '.']
        : [`Você também pode fazer essas solicitações ligando gratuitamente para ${phone}.`],

  fadpRightsIntro: 'Nos termos da LPD, você tem o direito de:',
  fadpRightsList: [
    'perguntar se tratamos dados pessoais sobre você e, em caso afirmativo, obtê-los com as informações previstas na lei (acesso, art. 25 da LPD);',
    'receber os dados pessoais que você nos forneceu em um formato eletrônico de uso corrente, ou fazer com que sejam transmitidos a outro responsável pelo tratamento (portabilidade, art. 28 da LPD);',
    'obter a retificação de dados pessoais incorretos (retificação, art. 32, nº 1, da LPD);',
    'obter o apagamento dos seus dados pessoais ou a proibição do seu tratamento, e opor-se ao seu tratamento ou à sua comunicação a terceiros (apagamento e oposição, art. 30, nº 2, alínea b, e art. 32, nº 2, da LPD).',
  ],
  fadpAutomatedDecisions:
    'Quando tomamos uma decisão baseada exclusivamente em tratamento automatizado que produz efeitos jurídicos para você ou o afeta significativamente, nós o informamos; você pode expor seu ponto de vista e pedir que a decisão seja revista por uma pessoa natural (art. 21 da LPD).',
  fadpRightsHow: ({ contact }) => ['Para exercer qualquer um desses direitos, entre em contato conosco ', ...contact, '; respondemos no prazo de 30 dias.'],
  fadpAuthority: ({ authority }) => ['Você também pode denunciar uma violação das normas de proteção de dados à autoridade de supervisão (art. 49 da LPD): ', authority, '.'],
  fadpRightsAlso: ({ authority }) => [
    'Se você estiver na Suíça, também tem esses direitos nos termos da Lei Federal suíça de Proteção de Dados (LPD) (acesso, art. 25; portabilidade, art. 28; retificação e apagamento, art. 32 da LPD) e pode denunciar uma violação à autoridade de supervisão suíça: ',
    authority,
    '.',
  ],

  deviceAccessLaw: ({ eu, uk, country }) =>
    [eu && `art. 5º, nº 3, da Diretiva relativa à privacidade e às comunicações eletrônicas${country && DEVICE_ACCESS_NATIONAL[country] ? ` e ${DEVICE_ACCESS_NATIONAL[country]}` : ''}`, uk && 'regulamento 6 do PECR do Reino Unido'].filter(Boolean).join('; '),
  deviceAccessConsent: ({ law, services }) => `Os seguintes serviços armazenam um identificador no seu dispositivo ou o acessam somente com o seu consentimento (${law}), que você pode retirar a qualquer momento, com efeitos para o futuro: ${services}.`,
  deviceAccessNoConsent: ({ service, purposes, bases }) => `${service} armazena um identificador no seu dispositivo ou o acessa ${purposes}, sem pedir o seu consentimento, sendo a base legal ${bases}.`,
  deviceAccessNeeded: ({ law, services }) => `Os seguintes serviços armazenam um identificador no seu dispositivo ou o acessam somente na medida estritamente necessária para fornecer o aplicativo ou um recurso que você solicita, o que não exige o seu consentimento (${law}): ${services}.`,
  ccpaIntro:
    'Se você mora na Califórnia, a Lei de Privacidade do Consumidor da Califórnia (California Consumer Privacy Act, alterada pela California Privacy Rights Act; em conjunto, “CCPA”) garante a você os direitos abaixo; residentes de outros estados dos EUA com leis semelhantes têm direitos semelhantes. Nos últimos 12 meses, coletamos de você e do seu dispositivo estas categorias de informações pessoais:',
  ccpaCategories: {
    identifiers: 'Identificadores (como endereço de e-mail, ID de conta ou identificador do dispositivo)',
    customer_records: 'Informações pessoais em registros de clientes (como nome, número de telefone ou endereço postal)',
    commercial: 'Informações comerciais (compras e assinaturas)',
    internet_activity: 'Atividade na internet ou em outra rede eletrônica (como você usa o aplicativo, diagnósticos)',
    geolocation: 'Dados de geolocalização (localização aproximada)',
    sensory: 'Informações de áudio, eletrônicas ou visuais (fotos, vídeos, gravações)',
    sensitive: 'Informações pessoais sensíveis (informações de saúde, localização precisa)',
    inferences: 'Inferências usadas para criar um perfil sobre você',
    other: 'Outras informações que você nos fornece (como mensagens e conteúdo que você envia)',
  },
  ccpaCollected: ({ category, purposes }) => `${category}: ${purposes}.`,
  ccpaNoSaleOrShare: 'Não vendemos suas informações pessoais nem as compartilhamos para publicidade comportamental entre contextos (cross-context behavioral advertising).',
  ccpaNoSaleMinors: 'Isso inclui as informações pessoais de consumidores menores de 16 anos.',
  ccpaMinorsOptIn:
    'Não vendemos nem compartilhamos as informações pessoais de consumidores que sabemos ter menos de 16 anos sem autorização expressa prévia (consentimento, “opt-in”): do próprio consumidor, se tiver de 13 a 15 anos, ou de um dos pais ou responsável legal, se tiver menos de 13 anos (California Civil Code, § 1798.120).',
  ccpaSold: ({ categories }) => `Vendemos estas categorias de informações pessoais: ${categories}.`,
  ccpaShared: ({ categories, recipients }) =>
    `Compartilhamos estas categorias de informações pessoais para publicidade comportamental entre contextos (cross-context behavioral advertising), com ${recipients}: ${categories}.`,
  ccpaOptOut: ({ contact }) => [
    'Você pode recusar a venda ou o compartilhamento das suas informações pessoais a qualquer momento: escreva para nós ',
    ...contact,
    ' com o assunto “Não vender nem compartilhar minhas informações pessoais”. Também tratamos um sinal Global Privacy Control do seu navegador ou dispositivo como um pedido de recusa.',
  ],
  ccpaSensitive:
    'Usamos informações pessoais sensíveis apenas para fornecer o aplicativo e os recursos que você solicita, como a CCPA permite; não as usamos para inferir características suas.',
  ccpaRights: ({ contact }) => [
    'Você tem o direito de saber quais informações pessoais coletamos, usamos e divulgamos, de obter uma cópia delas, de corrigi-las e de excluí-las. Para exercer esses direitos, escreva para nós ',
    ...contact,
    '; confirmamos o recebimento em até 10 dias úteis, respondemos em até 45 dias e podemos pedir informações para verificar que o pedido vem de você.',
  ],
  ccpaAppeal: ({ contact }) => [
    'Se recusarmos a sua solicitação, você pode recorrer escrevendo para nós ',
    ...contact,
    ' com o assunto “Recurso”; respondemos em até 45 dias, explicando nossa decisão. Se negarmos o recurso, você pode procurar o procurador-geral (Attorney General) do seu estado.',
  ],
  ccpaAgents: 'Você pode autorizar um agente a fazer um pedido em seu nome; podemos pedir ao agente a sua autorização assinada e pedir que você confirme a sua identidade.',
  ccpaNoDiscrimination:
    'Não discriminaremos você por exercer qualquer um desses direitos: não negaremos o aplicativo a você, não cobraremos um preço diferente nem ofereceremos um serviço de qualidade diferente.',
  ccpaDisclosed: 'Nos últimos 12 meses, divulgamos as seguintes categorias de informações pessoais para uma finalidade comercial (business purpose) a estes destinatários:',
  ccpaCategoryNames: {
    identifiers: 'Identificadores',
    customer_records: 'Informações pessoais em registros de clientes',
    commercial: 'Informações comerciais',
    internet_activity: 'Atividade na internet ou em outra rede eletrônica',
    geolocation: 'Dados de geolocalização',
    sensory: 'Informações de áudio, eletrônicas ou visuais',
    sensitive: 'Informações pessoais sensíveis',
    inferences: 'Inferências usadas para criar um perfil sobre você',
    other: 'Outras informações que você nos fornece',
  },
  ccpaCategoryKinds: ({ category, kinds }) => `${category} (${kinds})`,
  ccpaDisclosedItem: ({ category, recipients }) => `${category}: para ${recipients}.`,
  doNotTrack: ({ trackers }) =>
    trackers
      ? `A lei da Califórnia (CalOPPA) pede que informemos como respondemos ao sinal “Do Not Track” de um navegador: o aplicativo não responde a ele, pois não há um padrão comum. Os seguintes terceiros podem coletar, enquanto você usa o aplicativo, informações pessoais sobre sua atividade ao longo do tempo em aplicativos e sites de outras empresas: ${trackers}.`
      : 'A lei da Califórnia (CalOPPA) pede que informemos como respondemos ao sinal “Do Not Track” de um navegador: não rastreamos sua atividade ao longo do tempo em aplicativos e sites de outras empresas nem permitimos que outros o façam por meio do aplicativo, então um sinal assim não tem nada a desativar.',

  coppaConsent:
    'De acordo com a lei norte-americana de proteção da privacidade online de crianças (Children’s Online Privacy Protection Act, COPPA), só coletamos informações pessoais de uma criança menor de 13 anos depois que um dos pais tiver dado consentimento verificável, exceto quando a lei dispuser de outra forma (como uma única resposta a um pedido de um dos pais), e não coletamos mais do que a atividade exige.',
  coppaVerifiableConsent:
    'De acordo com a lei norte-americana de proteção da privacidade online de crianças (Children’s Online Privacy Protection Act, COPPA), obtemos o consentimento verificável dos pais antes de coletar informações pessoais de uma criança menor de 13 anos, exceto quando se aplica uma das exceções da COPPA Rule (16 CFR 312.5), como quando coletamos o e-mail de um dos pais apenas para pedir esse consentimento.',
  coppaPublic: ({ public: shown }) =>
    shown
      ? 'As crianças podem tornar informações pessoais públicas no aplicativo: as ideias e os comentários publicados no seu quadro de sugestões, com o nome informado, podem ser vistos por qualquer pessoa que o abra. Um dos pais pode nos pedir que os excluamos.'
      : 'Os recursos descritos nesta política não permitem que crianças tornem informações pessoais públicas: nada do que enviam por meio deles é mostrado a outros usuários ou ao público.',
  coppaParents: ({ contact }) => [
    'Os pais podem revisar as informações pessoais que mantemos sobre a criança, pedir a exclusão delas e recusar que continuem a ser coletadas ou usadas: escreva para nós ',
    ...contact,
    '.',
  ],
  coppaOperator: (p) => ['O operador que coleta e mantém informações pessoais de crianças por meio do aplicativo: ', ...person({ ...p, address: withPhone(p.address, p.phone, 'telefone ') }), '.'],
  coppaThirdParties:
    'Os pais podem consentir com a coleta e o uso das informações pessoais da criança sem consentir com a divulgação delas a terceiros, a menos que essa divulgação seja parte integrante do aplicativo.',
  coppaNoAds: 'Não exibimos publicidade comportamental (baseada em interesses) para crianças nem as rastreamos em aplicativos e sites de outras empresas.',

  englishPrevails: ({ href }) => ['Esta é uma tradução. A ', { text: 'versão em inglês', href }, ' é a versão de referência; em caso de divergência, prevalece a versão em inglês.'],
};

import { ja } from './ja.js';
import { personIn, withPhone } from './law.person.js';
import type { LawText } from './law.types.js';

const person = personIn({ open: '（', comma: '、', close: '）' });

/** National laws on storing or reading information on the device beside ePrivacy Art. 5(3), by the owner's country. */
const DEVICE_ACCESS_NATIONAL: Record<string, string> = {
  DE: 'ドイツTDDDG第25条',
  FR: 'フランス情報処理・自由法第82条',
  ES: 'スペイン情報社会サービス法（LSSI）第22条第2項',
  IT: 'イタリア個人情報保護法典（立法令196/2003号）第122条',
  NL: 'オランダ電気通信法第11.7a条',
  AT: 'オーストリア電気通信法（TKG 2021）第165条',
};

/**
 * Japanese, the law sections. An AI translation by the Appflows team, to be reviewed by a native
 * legal professional before it is relied on.
 *
 * Terminology: the Personal Information Protection Commission's Japanese translation of the GDPR
 * (個人情報保護委員会「仮日本語訳」): データ主体, 取扱い, 同意, 契約の履行, 法的義務, 正当な利益,
 * 特別な種類の個人データ, 明示的な同意, アクセス, 訂正, 消去, 取扱いの制限, データポータビリティ,
 * 異議を述べる権利, やむにやまれぬ正当な根拠, ダイレクトマーケティング, もっぱら自動化された
 * 取扱いに基づいた決定, プロファイリング, 監督機関に異議を申立てる権利, データ保護オフィサー,
 * 代理人, 第三国, 十分性認定, 標準契約条項 (the SCCs of Decision 2021/914; the PPC's GDPR text
 * says 標準データ保護条項 for Art. 46(2)(c), the brief's and the market's word is 標準契約条項).
 *
 * Decisions (see also ja.ts):
 * - Articles are cited in Japanese order, "GDPRの第6条第1項（a）" ("GDPRおよび英国GDPRの第6条…" when both
 *   apply), with full-width brackets.
 * - Where the APPI (個人情報保護法) has its own word for the same thing a Japanese reader knows, it
 *   is glossed once: special categories correspond to 要配慮個人情報.
 * - US laws get their usual Japanese names with the English abbreviation (CCPA, CPRA, COPPA);
 *   the opt-out request subject is given in Japanese.
 */
export const lawJa: LawText = {
  titles: {
    'legal-bases': '取扱いの法的根拠',
    purposes: '取扱いの目的',
    transfers: 'EEA、英国およびスイス域外への移転',
    'us-privacy': '米国各州のプライバシー法に基づくお客様の権利',
  },

  postalAddress: ({ address }) => `郵便送付先：${address}`,
  dpo: (p) => ['私たちのデータ保護オフィサーは、', ...person(p), 'です。'],
  euRepresentative: (p) => ['EU域内における私たちの代理人（GDPR第27条）は、', ...person(p), 'です。'],
  ukRepresentative: (p) => ['英国における私たちの代理人（英国GDPR第27条）は、', ...person(p), 'です。'],
  swissRepresentative: (p) => ['スイスにおける私たちの代理人（スイス連邦データ保護法（FADP）第14条）は、', ...person(p), 'です。'],

  lawName: ({ eu, uk, ch }) => (eu && uk ? 'GDPRおよび英国GDPR' : uk ? '英国GDPR' : eu || !ch ? 'GDPR' : 'スイス連邦データ保護法が認める範囲でのGDPR'),
  basesIntro: ({ law }) => `私たちは、以下の目的のためにのみ個人データを利用し、各目的について${law}に定める次の法的根拠のいずれかに基づいて取り扱います。`,
  // The first part's nominal purposes already read as headings in Japanese.
  purposeHeadings: { ...ja.purposes, crash_reporting: 'クラッシュやエラーの検出と修正' },
  basisItem: ({ purpose, basis }) => `${purpose}：${basis}`,
  bases: {
    consent: ({ law }) => `お客様の同意（${law}の第6条第1項（a））`,
    contract: ({ law }) => `お客様との契約の履行、すなわち本アプリおよびお客様が求める機能の提供（${law}の第6条第1項（b））`,
    legal_obligation: ({ law }) => `私たちが服する法的義務の遵守（${law}の第6条第1項（c））`,
    legitimate_interests: ({ law }) => `私たちの正当な利益（${law}の第6条第1項（f））`,
  },
  withdrawConsent: ({ law }) =>
    `私たちがお客様の同意に基づいて取り扱う場合、お客様は、同意を与えたときと同じく容易な方法（本アプリ内での操作または私たちへのご連絡）で、いつでも同意を撤回することができます。同意の撤回は、撤回前の同意に基づく取扱いの適法性に影響を与えません（${law}の第7条第3項）。`,
  healthConsent: ({ law }) =>
    `健康に関する情報は、特別な種類の個人データ（日本の個人情報保護法における要配慮個人情報に相当します）です。私たちは、お客様の明示的な同意（${law}の第9条第2項（a））がある場合に限りこれを取り扱います。この同意はいつでも撤回することができます。`,
  legitimateInterests:
    '私たちの正当な利益とは、信頼性と安全性の高いアプリを運営すること、本アプリを改善するためにその利用状況を把握すること、および不正利用を防止することです。お客様は、これに基づく取扱いに対して異議を述べることができます（「お客様の権利」をご覧ください）。',

  provisionRequirement:
    'お客様には、法令上または契約上、個人データを提供する義務はありません。一部の機能は、動作のために特定のデータを必要とします（返信のためのメールアドレス、サブスクリプションのための購入情報など）。それらを提供しない場合でも、本アプリのその他の部分は引き続きご利用いただけます。',
  childConsent: ({ law }) =>
    `私たちが同意に基づいて取り扱う場合において、お客様がデジタル同意年齢に達していないときは、その同意は、お客様に対して親責任を有する者が与えるか、またはその者が承認する必要があり、私たちはそのことを確認するために合理的な努力を尽くします（${law}の第8条）。この年齢は次のとおりです。`,
  consentAgeItem: ({ age, countries }) => `${age}歳：${countries}`,
  fadpAlso:
    'スイス連邦データ保護法（FADP）が適用される場合、同法はこれらの目的について法的根拠を求めていません。同法の原則を守った取扱いは適法であり、お客様の人格を違法に侵害するおそれがある場合には、お客様の同意や優越する利益などの正当化事由（FADP第31条）に基づいて取り扱います。',

  fadpPurposesIntro: '私たちは、次の目的のために個人データを取り扱います（スイス連邦データ保護法（FADP）第19条第2項（c））。',
  fadpRecipients: ({ recipients, transfers }) =>
    `私たちは、「${recipients}」に記載された受領者にのみこれを開示します。受領者が取り扱う場所と、国外への開示がどのように保護されるかは、「${transfers}」に記載しています（FADP第16条、第17条および第19条第4項）。`,
  fadpLawful:
    'FADPは、目的ごとに法的根拠を求めていません。同法の原則（FADP第6条）を守った取扱いは、お客様の人格を違法に侵害しない限り適法です。侵害するおそれがある場合には、正当化事由（FADP第31条）、すなわちお客様の同意、優越する私的もしくは公的な利益、または法律がある場合に限り、データを取り扱います。',
  fadpConsent: '本アプリがお客様の同意を求める場合、私たちは、同意がある場合に限り該当するデータを取り扱います。お客様は、いつでも将来に向かって同意を撤回することができます。',
  fadpHealth:
    '健康に関する情報は、特に保護を要する個人データ（FADP第5条（c））です。私たちは、お客様の明示的な同意（FADP第6条第7項（a））がある場合に限りこれを取り扱います。この同意はいつでも撤回することができます。',
  transfersIntro: () => '上記の各サービスがデータを取り扱う場所と、欧州経済領域（EEA）、英国またはスイスの域外に送信されるデータの保護方法は、次のとおりです。',
  transfer: ({ name, locations, mechanism, regimes, dpf }) => {
    const at = locations ? `（${locations}）` : '';
    const where = locations ? `${locations}で` : '';
    if (mechanism === 'eea') return `${name}は、欧州経済領域内${at}でデータを取り扱います。域外への移転は行われません。`;
    if (mechanism === 'adequacy') return `${name}は、欧州委員会が十分なレベルの保護を確保していると認定した国${at}でデータを取り扱います（十分性認定、GDPR第45条）。`;
    if (mechanism === 'dpf') {
      const ext = [regimes.uk && dpf.uk && 'その英国拡張', regimes.ch && dpf.swiss && 'スイス-米国データプライバシーフレームワーク'].filter(Boolean).join('および');
      const scc = [
        regimes.uk && !dpf.uk && '英国からの移転は、標準契約条項および英国の国際データ移転補遺（International Data Transfer Addendum）に基づいています（英国GDPR第46条）。',
        regimes.ch && !dpf.swiss && 'スイスからの移転は、スイス連邦データ保護・情報コミッショナー（FDPIC）が承認する標準契約条項に基づいています。',
      ].filter(Boolean);
      return `${name}は${where}データを取り扱っており、その提供事業者はEU-米国データプライバシーフレームワーク${ext ? `（ならびに${ext}）` : ''}の認証を受けています。欧州委員会は、同フレームワークが十分なレベルの保護を確保していると認定しています（GDPR第45条）。${scc.join('')}`;
    }
    return `${name}は${where}データを取り扱っており、この移転は、欧州委員会が採択した標準契約条項（GDPR第46条第2項（c））${regimes.uk ? 'および英国の国際データ移転補遺（International Data Transfer Addendum）' : ''}によって保護されています${regimes.ch ? '（スイス連邦データ保護・情報コミッショナー（FDPIC）もこれを承認しています）' : ''}。`;
  },
  regionEea: '欧州経済領域',
  placeNotes: {
    if_chosen: ({ region }) => `${region}（本アプリについて当該地域が選択されている場合）`,
    cdn: () => '世界各地のコンテンツ配信ネットワークの拠点',
    vendor_facilities: () => '提供者またはその代理人が施設を有するその他の国',
  },
  transferUnknown: ({ name }) => `${name}がデータを取り扱う場所と、移転を保護する措置は記録されていません。これに依拠する前に私たちにお問い合わせください。`,
  transferSource: ({ link }) => ['出典：', link, '。'],
  transfersCopy: ({ contact }) => ['これらの保護措置の写しは、', ...contact, 'までご請求いただけます。'],

  retentionIntro: 'デバイスの外に送信されるデータの種類ごとの保存期間は、次のとおりです。',
  retentionItem: ({ kind, period }) => `${kind}：${period}`,
  retention: {
    until_deleted: 'お客様から削除のご依頼があるまで。ただし、収集の目的のために必要がなくなった場合はそれより前に削除します',
    usage: '当該サービスの私たちのアカウントで設定した保存期間。その経過後は削除または匿名化されます',
    diagnostics: '問題を発見して修正するために必要な期間。その後は当該サービスの保存期間に従って削除されます',
    purchases: '税法および商法により購入の記録の保存が義務付けられている期間',
  },

  rightsIntro: ({ law }) => `${law}に基づき、お客様には次の権利があります。`,
  rightsList: [
    '私たちが保有するお客様の個人データの写しと、その利用方法に関する情報を得る権利（アクセス権）',
    '不正確なデータを訂正させる権利（訂正の権利）',
    'お客様のデータを消去させる権利（消去の権利）',
    'データの利用を制限させる権利（取扱いの制限の権利）',
    'お客様が私たちに提供したデータを機械可読な形式で受け取り、または他の事業者に送信させる権利（データポータビリティの権利）',
  ],
  objection:
    '異議を述べる権利：私たちの正当な利益に基づいてお客様のデータを取り扱う場合、お客様は、ご自身の特別な状況に関する理由により、いつでも異議を述べることができます。この場合、私たちは、やむにやまれぬ正当な根拠がない限り、その取扱いを中止します。ダイレクトマーケティングのためのデータの利用に対しては、理由を示すことなく、いつでも異議を述べることができます。',
  postMortem:
    'フランス法に基づき、お客様は、死亡後の個人データの取扱い（保存、消去または提供）について私たちに指示することもできます（フランス情報処理・自由法第85条）。',
  automatedDecisions: 'また、お客様は、お客様に関して法的効果を発生させ、または同様に重大な影響を及ぼす、プロファイリングを含むもっぱら自動化された取扱いに基づいた決定の対象とされない権利を有します。',
  rightsHow: ({ contact }) => ['これらの権利を行使するには、', ...contact, 'までご連絡ください。1か月以内に回答いたします。'],
  authority: ({ authority }) => [
    'また、お客様は、監督機関、特にお客様が居住しもしくは就業する国の監督機関、または私たちを監督する次の監督機関に異議を申し立てる権利を有します：',
    authority,
    '。',
  ],
  authorityGermany: ({ list }) => [
    'また、お客様は、監督機関、特にお客様が居住しもしくは就業する国の監督機関、または私たちが拠点を置くドイツの州のデータ保護機関に異議を申し立てる権利を有します（',
    list,
    'をご覧ください）。',
  ],
  authorityWhereYouLive: 'また、お客様は、お客様が居住しまたは就業する国のデータ保護監督機関に異議を申し立てる権利を有します。',
  germanAuthoritiesList: 'ドイツのデータ保護機関の一覧',
  otherRequestMethods: ({ form, phone }) =>
    form && phone
      ? ['これらのご請求は、ウェブフォーム（', form, `）から、またはフリーダイヤル ${phone} へのお電話でも行うことができます。`]
      : form
        ? ['これらのご請求は、ウェブフォーム（', form, '）からも行うことができます。']
        : [`これらのご請求は、フリーダイヤル ${phone} へのお電話でも行うことができます。`],

  fadpRightsIntro: 'FADPに基づき、お客様には次の権利があります。',
  fadpRightsList: [
    'お客様に関する個人データを私たちが取り扱っているかどうかを尋ね、取り扱っている場合には、法律が定める情報とともにそのデータを受け取る権利（アクセス権、FADP第25条）',
    'お客様が提供した個人データを一般的な電子形式で受け取り、または他の管理者に移転させる権利（データポータビリティ、FADP第28条）',
    '不正確な個人データを訂正させる権利（訂正、FADP第32条第1項）',
    'お客様の個人データを消去させ、もしくはその取扱いを禁止させ、またはその取扱いもしくは第三者への開示に異議を述べる権利（消去および異議、FADP第30条第2項（b）および第32条第2項）',
  ],
  fadpAutomatedDecisions:
    'お客様に法的効果を生じさせ、または重大な影響を及ぼす決定を、もっぱら自動化された取扱いに基づいて行う場合、私たちはその旨をお知らせします。お客様は、意見を述べ、その決定を自然人が見直すよう求めることができます（FADP第21条）。',
  fadpRightsHow: ({ contact }) => ['これらの権利を行使するには、', ...contact, 'までご連絡ください。30日以内に回答いたします。'],
  fadpAuthority: ({ authority }) => ['また、お客様は、データ保護法令の違反を監督機関に通報することができます（FADP第49条）：', authority, '。'],
  fadpRightsAlso: ({ authority }) => [
    'お客様がスイスにいる場合、スイス連邦データ保護法（FADP）に基づいても同じ権利（アクセス：第25条、データポータビリティ：第28条、訂正および消去：第32条）を有し、その違反をスイスの監督機関に通報することができます：',
    authority,
    '。',
  ],

  deviceAccessLaw: ({ eu, uk, country }) =>
    [eu && `eプライバシー指令第5条第3項${country && DEVICE_ACCESS_NATIONAL[country] ? `及び${DEVICE_ACCESS_NATIONAL[country]}` : ''}`, uk && '英国PECR第6規則'].filter(Boolean).join('、'),
  deviceAccessConsent: ({ law, services }) => `次のサービスは、お客様の同意がある場合に限り、お客様の端末に識別子を保存し、または端末上の識別子を読み取ります（${law}）。同意はいつでも将来に向かって撤回できます：${services}。`,
  deviceAccessNoConsent: ({ service, purposes, bases }) => `${service}は、${purposes}のために、お客様の同意を得ることなく、お客様の端末に識別子を保存し、または端末上の識別子を読み取ります。その法的根拠は${bases}です。`,
  deviceAccessNeeded: ({ law, services }) => `次のサービスは、本アプリまたはお客様が求める機能の提供に厳密に必要な範囲でのみ、お客様の端末に識別子を保存し、または端末上の識別子を読み取ります。これには同意は不要です（${law}）：${services}。`,
  ccpaIntro:
    'カリフォルニア州にお住まいの場合、カリフォルニア州プライバシー権法（CPRA）により改正されたカリフォルニア州消費者プライバシー法（CCPA）に基づき、お客様には以下の権利があります。同様の法律を有する米国の他の州の居住者にも、同様の権利があります。過去12か月間に、私たちはお客様およびお客様のデバイスから、次の種類の個人情報を収集しました。',
  ccpaCategories: {
    identifiers: '識別子（メールアドレス、アカウントID、デバイス識別子など）',
    customer_records: '顧客記録に含まれる個人情報（氏名、電話番号、住所など）',
    commercial: '商業情報（購入およびサブスクリプション）',
    internet_activity: 'インターネットその他の電子的ネットワーク上の活動（本アプリの利用状況、診断データ）',
    geolocation: '位置情報データ（おおよその位置情報）',
    sensory: '音声、電子的または視覚的な情報（写真、動画、録音）',
    sensitive: 'センシティブな個人情報（健康に関する情報、正確な位置情報）',
    inferences: 'お客様のプロファイルを作成するために導き出された推論',
    other: 'お客様から提供されたその他の情報（送信されたメッセージやコンテンツなど）',
  },
  ccpaCollected: ({ category, purposes }) => `${category}。利用目的：${purposes}。`,
  ccpaNoSaleOrShare: '私たちは、お客様の個人情報を販売せず、クロスコンテキスト行動広告のために共有することもありません。',
  ccpaNoSaleMinors: 'これには、16歳未満の消費者の個人情報も含まれます。',
  ccpaMinorsOptIn:
    '私たちは、16歳未満であると知っている消費者の個人情報を、明示的な事前の許可（オプトイン）なしに販売または共有しません。この許可は、13歳から15歳の消費者については本人が、13歳未満の子どもについては保護者が与えるものです（カリフォルニア州民法典第1798.120条）。',
  ccpaSold: ({ categories }) => `私たちは、次の種類の個人情報を販売しています：${categories}。`,
  ccpaShared: ({ categories, recipients }) => `私たちは、クロスコンテキスト行動広告のために、次の種類の個人情報を${recipients}と共有しています：${categories}。`,
  ccpaOptOut: ({ contact }) => [
    'お客様は、いつでも個人情報の販売または共有をオプトアウトすることができます。件名を「個人情報の販売・共有の停止」として、',
    ...contact,
    'までご連絡ください。また、お客様のブラウザまたはデバイスからのグローバル・プライバシー・コントロール（GPC）の信号も、オプトアウトの請求として取り扱います。',
  ],
  ccpaSensitive: '私たちは、CCPAが認めるとおり、センシティブな個人情報を本アプリおよびお客様が求める機能の提供のためにのみ利用し、お客様の特性を推測するためには利用しません。',
  ccpaRights: ({ contact }) => [
    'お客様は、私たちが収集、利用および開示する個人情報を知る権利、その写しを受け取る権利、訂正させる権利および削除させる権利を有します。これらの権利を行使するには、',
    ...contact,
    'までご連絡ください。10営業日以内に受領を確認し、45日以内に回答します。また、ご請求がお客様ご本人からのものであることを確認するために、情報の提供をお願いすることがあります。',
  ],
  ccpaAppeal: ({ contact }) => [
    '私たちがご請求をお断りした場合、',
    ...contact,
    '宛てに件名を「不服申立て」としてご連絡いただくことで、不服を申し立てることができます。私たちは45日以内に、理由を添えて回答します。不服申立てを認めない場合、お客様はお住まいの州の司法長官（Attorney General）に相談することができます。',
  ],
  ccpaAgents: 'お客様は、授権した代理人に請求を行わせることができます。その場合、代理人にはお客様の署名入りの委任状を、お客様には本人確認をお願いすることがあります。',
  ccpaNoDiscrimination: '私たちは、お客様がこれらの権利を行使したことを理由に差別的な取扱いをしません。本アプリの提供を拒否したり、異なる料金を請求したり、異なる品質のサービスを提供したりすることはありません。',
  ccpaDisclosed: '過去12か月間に、私たちは、業務上の目的（business purpose）のために、次の種類の個人情報を次の受領者に開示しました。',
  ccpaCategoryNames: {
    identifiers: '識別子',
    customer_records: '顧客記録に含まれる個人情報',
    commercial: '商業情報',
    internet_activity: 'インターネットその他の電子的ネットワーク上の活動',
    geolocation: '位置情報データ',
    sensory: '音声、電子的または視覚的な情報',
    sensitive: 'センシティブな個人情報',
    inferences: 'お客様のプロファイルを作成するために導き出された推論',
    other: 'お客様から提供されたその他の情報',
  },
  ccpaCategoryKinds: ({ category, kinds }) => `${category}（${kinds}）`,
  ccpaDisclosedItem: ({ category, recipients }) => `${category}。開示先：${recipients}。`,
  doNotTrack: ({ trackers }) =>
    trackers
      ? `カリフォルニア州法（CalOPPA）に基づき、ブラウザーの「Do Not Track」シグナルへの対応を記載します。共通の標準がないため、本アプリはこのシグナルに対応していません。お客様が本アプリを利用する際、${trackers}が、長期間にわたり他社のアプリやウェブサイトを横断するお客様の行動に関する個人情報を収集することがあります。`
      : 'カリフォルニア州法（CalOPPA）に基づき、ブラウザーの「Do Not Track」シグナルへの対応を記載します。私たちは、長期間にわたり他社のアプリやウェブサイトを横断してお客様の行動をトラッキングせず、本アプリを通じて他者にそれをさせることもないため、このシグナルによって停止されるものはありません。',

  coppaConsent:
    '米国児童オンラインプライバシー保護法（COPPA）に基づき、私たちは、13歳未満の子どもの個人情報を、保護者から検証可能な同意を得た後にのみ収集します（保護者からの依頼に一度だけ返信する場合など、法律が別段の定めをしている場合を除きます）。また、その活動に必要な範囲を超えて収集しません。',
  coppaVerifiableConsent:
    '米国児童オンラインプライバシー保護法（COPPA）に基づき、私たちは、13歳未満の子どもから個人情報を収集する前に、保護者から検証可能な同意を得ます。ただし、COPPA規則の例外（16 CFR 312.5）が適用される場合（同意を求めるためだけに保護者のメールアドレスを収集する場合など）を除きます。',
  coppaPublic: ({ public: shown }) =>
    shown
      ? 'お子様は、本アプリで個人情報を公開することができます。本アプリの要望ボードに投稿されたアイデアやコメントは、投稿時に示された名前とともに、ボードを開く誰もが閲覧できます。保護者は、その削除を私たちに求めることができます。'
      : '本ポリシーに記載する機能を通じて、お子様が個人情報を公開することはできません。これらの機能を通じてお子様が送信した内容が、他の利用者や一般に表示されることはありません。',
  coppaParents: ({ contact }) => ['保護者の方は、私たちが保有するお子様の個人情報を確認し、削除させ、その後の収集または利用を拒否することができます。', ...contact, 'までご連絡ください。'],
  coppaOperator: (p) => ['本アプリを通じて子どもの個人情報を収集・保持する運営者：', ...person({ ...p, address: withPhone(p.address, p.phone, '電話：', '、') }), '。'],
  coppaThirdParties:
    '保護者の方は、第三者への開示に同意することなく、私たちがお子様の個人情報を収集・利用することに同意できます。ただし、その開示が本アプリに不可欠な場合を除きます。',
  coppaNoAds: '私たちは、子どもに行動ターゲティング広告（興味・関心に基づく広告）を表示せず、他社のアプリやウェブサイトを横断して子どもをトラッキングすることもありません。',

  englishPrevails: ({ href }) => ['本書は翻訳です。', { text: '英語版', href }, 'が正本であり、両者に相違がある場合は英語版が優先します。'],
};

import { ja } from './ja.js';
import { personIn } from './law.person.js';
import type { LawText } from './law.types.js';

const person = personIn({ open: '（', comma: '、', close: '）' });

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
    transfers: 'EEA、英国およびスイス域外への移転',
    'us-privacy': '米国各州のプライバシー法に基づくお客様の権利',
  },

  postalAddress: ({ address }) => `郵便送付先：${address}`,
  dpo: (p) => ['私たちのデータ保護オフィサーは、', ...person(p), 'です。'],
  euRepresentative: (p) => ['EU域内における私たちの代理人（GDPR第27条）は、', ...person(p), 'です。'],
  ukRepresentative: (p) => ['英国における私たちの代理人（英国GDPR第27条）は、', ...person(p), 'です。'],

  lawName: ({ eu, uk, ch }) => (eu && uk ? 'GDPRおよび英国GDPR' : uk ? '英国GDPR' : eu || !ch ? 'GDPR' : 'スイス連邦データ保護法が認める範囲でのGDPR'),
  basesIntro: ({ law }) => `私たちは、以下の目的のためにのみ個人データを利用し、各目的について${law}に定める次の法的根拠のいずれかに基づいて取り扱います。`,
  // The first part's nominal purposes already read as headings in Japanese.
  purposeHeadings: ja.purposes,
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

  coppaConsent:
    '米国児童オンラインプライバシー保護法（COPPA）に基づき、私たちは、13歳未満の子どもの個人情報を、保護者から検証可能な同意を得た後にのみ収集します（保護者からの依頼に一度だけ返信する場合など、法律が別段の定めをしている場合を除きます）。また、その活動に必要な範囲を超えて収集しません。',
  coppaParents: ({ contact }) => ['保護者の方は、私たちが保有するお子様の個人情報を確認し、削除させ、その後の収集または利用を拒否することができます。', ...contact, 'までご連絡ください。'],
  coppaNoAds: '私たちは、子どもに行動ターゲティング広告（興味・関心に基づく広告）を表示せず、他社のアプリやウェブサイトを横断して子どもをトラッキングすることもありません。',

  englishPrevails: ({ href }) => ['本書は翻訳です。', { text: '英語版', href }, 'が正本であり、両者に相違がある場合は英語版が優先します。'],
};

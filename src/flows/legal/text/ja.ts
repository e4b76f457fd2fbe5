import type { LegalText } from './types.js';

/**
 * Japanese. An AI translation by the Appflows team, to be reviewed by a native legal professional
 * before it is relied on.
 *
 * Terminology: the Personal Information Protection Commission's (個人情報保護委員会) Japanese
 * translation of the GDPR — 個人データ, 取扱い, 管理者, 処理者, データ主体, 同意, 正当な利益,
 * 監督機関, プロファイリング, 自動化された意思決定, 標準契約条項, 十分性認定 — and, where the
 * plain sentence of the first part describes what a processor does, the APPI's word for it
 * (委託: "私たちの委託を受けて" for "acts only for us").
 *
 * Decisions:
 * - Polite です/ます style throughout; the reader is お客様 (as in Apple's and Google's Japanese
 *   terms), a parent 保護者の方, a child お子様 / 子ども.
 * - The owner is defined once per document in the usual drafting form "{entity}（以下「私たち」と
 *   いいます）" and is 私たち afterwards, not 当社, because the owner may be an individual
 *   developer rather than a company.
 * - "The app" is 本アプリ; the app's own name is used where the English uses it. "App Store" is
 *   Apple's store, アプリストア any store; アプリ内課金, サブスクリプション, 自動更新 as the stores say.
 * - "Personal data" is 個人データ (the PPC's GDPR term) rather than 個人情報, so the first part and
 *   the GDPR part of the policy use one word.
 * - Data kinds are bare nouns (氏名, メールアドレス), purposes nominal phrases (アカウントの管理),
 *   so both list with 、 and および and fit "{purposes}のために{kinds}を受け取ります"; inside one
 *   item ・ joins (購入・サブスクリプションの履歴) so および only ever separates list items.
 * - Device features use Apple's Japanese names where they exist (モーションとフィットネス, 写真
 *   ライブラリ, マイク, 音声認識); tracking follows Apple's Japanese wording ("他社のアプリや
 *   ウェブサイトを横断して…トラッキング"), "linked to you" its 関連付け.
 * - Owner-written slots (jurisdiction, governing law) are taken to be a country or state name:
 *   "{law}の法律", "{jurisdiction}のデータ保護機関".
 * - Full-width brackets （） and colon ： as in Japanese typesetting.
 */
export const ja: LegalText = {
  lang: 'ja',

  list: (w) => (w.length <= 1 ? (w[0] ?? '') : `${w.slice(0, -1).join('、')}および${w[w.length - 1]}`),
  kinds: {
    name: '氏名',
    email: 'メールアドレス',
    phone: '電話番号',
    physical_address: '住所',
    health: '健康に関する情報',
    fitness: 'フィットネス・運動に関する情報',
    payment_info: '支払い情報',
    precise_location: '正確な位置情報',
    coarse_location: 'おおよその位置情報',
    contacts: '連絡先',
    messages: 'お客様が作成したメッセージ',
    photos_videos: '写真または動画',
    audio: '音声または録音データ',
    customer_support: 'サポートへのお問い合わせ内容',
    user_content: 'お客様が作成または投稿したコンテンツ',
    browsing_history: '閲覧履歴',
    search_history: '本アプリ内での検索履歴',
    user_id: 'アカウントIDまたはユーザーID',
    device_id: 'デバイスまたはインストールの識別子',
    purchase_history: '購入・サブスクリプションの履歴',
    product_interaction: '本アプリの利用状況（表示した画面、タップ、選択した内容）',
    advertising_data: '表示・タップした広告',
    other_usage_data: 'その他の利用状況データ',
    crash_data: 'クラッシュレポート',
    performance_data: 'パフォーマンスの測定データ（起動時間、応答停止、電力消費）',
    other_diagnostic_data: 'その他の技術的な診断データ',
    other: 'その他の情報',
  },
  purposes: {
    app_functionality: '本アプリの機能の提供',
    analytics: '本アプリの利用状況の分析',
    product_personalization: 'お客様に合わせた本アプリのカスタマイズ',
    developer_advertising: '私たち自身の製品のご案内',
    third_party_advertising: '広告の表示',
    developer_communications: '本アプリに関するご連絡',
    fraud_prevention: '不正行為・不正利用の防止',
    account_management: 'アカウントの管理',
    other: 'その他の目的',
  },
  purposeCrash: 'クラッシュやエラーの検出と修正',
  capabilities: {
    health: 'ヘルスケアデータ（HealthKit / Health Connect）',
    motion: 'モーションとフィットネス',
    location: '位置情報',
    notifications: '通知',
    cloud_sync: 'クラウド同期',
    camera: 'カメラ',
    photos: '写真ライブラリ',
    microphone: 'マイク',
    speech_recognition: '音声認識',
    contacts: '連絡先',
    calendar: 'カレンダー',
    bluetooth: 'Bluetooth',
    face_id: 'Face ID / Touch ID',
    other: 'その他',
  },
  access: { read: '読み取り', write: '書き込み' },
  modes: { when_in_use: 'アプリの使用中のみ', always: 'バックグラウンドでも使用', local: 'デバイス上で設定されるリマインダー', push: 'プッシュ通知' },
  flowTypes: {
    waitlist: 'ウェイトリスト',
    feedback: 'フィードバック',
    report: '不具合報告',
    contact: 'お問い合わせ',
    crash: 'クラッシュ報告',
    onboarding: 'オンボーディング',
    referral: '紹介',
    wishlist: 'ご要望',
    cancel: '解約',
    app_promotion: 'アプリのプロモーション',
  },
  presets: {
    revenuecat: 'RevenueCatは、アプリ内課金およびサブスクリプションを処理します。アプリストアでレシートを検証し、お客様が購入済みの機能を本アプリに伝えます。',
    superwall: 'Superwallは、サブスクリプションのオファー画面を表示します。どのオファーを表示するかを決め、どのオファーが購入につながったかを測定します。',
    firebase: 'Firebase（Googleのサービス）は、仮名化されたアプリインスタンス識別子を用いて本アプリの利用状況を測定します。',
    amplitude: 'Amplitudeは、本アプリの利用状況を測定します。これにより、どの機能が役に立ち、どの機能がわかりにくいかを把握できます。',
    posthog: 'PostHogは、本アプリの利用状況を測定します。これにより、どの機能が役に立ち、どの機能がわかりにくいかを把握できます。',
    sentry: 'Sentryは、不具合を発見して修正するために、クラッシュレポートおよびパフォーマンスの測定データを受け取ります。',
    mixpanel: 'Mixpanelは、本アプリの利用状況を測定します。これにより、どの機能が役に立ち、どの機能がわかりにくいかを把握できます。',
    onesignal: 'OneSignalは、私たちのプッシュ通知およびアプリ内メッセージを配信し、どのメッセージが開封されたかを私たちに知らせます。',
    admob: 'Google AdMobは、本アプリ内に広告を表示し、その効果を測定します。',
    appsflyer: 'AppsFlyerは、どの広告キャンペーンがインストールまたは購入につながったか（アトリビューション）を私たちに知らせます。',
    crashlytics: 'Firebase Crashlytics（Googleのサービス）は、不具合を発見して修正するために、クラッシュレポートを受け取ります。',
    appflows: 'Appflowsは、本アプリのホスト型フォームおよびフロー（フィードバック、サポート、ウェイトリスト、紹介の各ページなど）を運用し、お客様がそこから送信した内容を保存します。',
  },

  policyTitles: {
    who: '責任者',
    'on-device': 'お客様のデバイス内にとどまる情報',
    'leaves-device': 'デバイスの外に送信される情報とその受領者',
    'device-features': '本アプリが利用するデバイスの機能',
    claims: '販売、広告およびトラッキング',
    children: '子どもの個人データ',
    health: '健康に関する情報',
    retention: 'データの保存期間',
    rights: 'お客様の権利',
    changes: '本ポリシーの変更',
  },
  termsTitles: {
    agreement: '本規約への同意',
    subscriptions: 'サブスクリプションと購入',
    use: '本アプリの利用',
    medical: '医学的助言ではないこと',
    liability: '無保証および責任の制限',
    eula: 'App Storeのライセンス',
    privacy: 'プライバシー',
    law: '準拠法',
    changes: '変更およびお問い合わせ',
  },

  contactByEmail: ({ email }) => ['メールアドレス ', email, ' '],
  contactOtherwise: '本アプリ内またはストアの掲載ページに記載の連絡先',
  capability: ({ label, access, mode, use }) => {
    const how = [access, mode].filter(Boolean).join('、');
    return `${label}${how ? `（${how}）` : ''}${use ? `：${use}` : ''}`;
  },

  whoIsResponsible: ({ entity, jurisdiction, app }) =>
    `${entity}（${jurisdiction ? `${jurisdiction}。` : ''}以下「私たち」といいます）は、${app}を提供しており、${app}を通じて取り扱う個人データについて責任を負います。`,
  reachUs: ({ contact }) => ['お問い合わせは、', ...contact, 'までお寄せください。'],

  staysIntro: ({ entity }) => `次の情報はお客様のデバイス内にとどまり、${entity}にも、それ以外の誰にも送信されません。`,
  staysExceptCoarser: ({ capability, kept, sent, recipients }) => `${capability}：${kept}はお客様のデバイス内にとどまり、${recipients}に送信されるのは${sent}のみです`,
  cloudSyncNote: 'クラウド同期を利用すると、これらの情報はお客様ご自身の非公開のクラウドストレージ（iCloudなど）にコピーされます。私たちがその内容を読み取ることはできません。',
  deletingDeletes: ({ app }) => `${app}を削除すると、これらの情報も削除されます。`,

  nothingLeaves: ({ app }) => `お客様のデバイスの外に送信される情報はありません。${app}は個人データを収集しません。`,
  onlyListedLeaves: 'お客様のデバイスの外に送信されるのは、ここに記載した情報だけです。各サービスは、記載した目的のために情報を受け取り、私たちの委託を受けてのみ取り扱います。',
  onlyListedLeavesSomeOwnUse: ({ names }) =>
    `お客様のデバイスの外に送信されるのは、ここに記載した情報だけです。各サービスは、記載した目的のために情報を受け取ります。${names.join('および')}は、独立した管理者として、それぞれのプライバシーポリシーに従い、自らの目的のためにも情報を利用します。その他のサービスは、私たちの委託を受けてのみ取り扱います。`,
  processorReceivesLabel: '受け取る情報：',
  processorReceives: ({ kinds, purposes, linked, linkedKinds, tracking }) =>
    `${kinds}。利用目的：${purposes}。${linkedKinds ? `このうち${linkedKinds}はお客様に関連付けられることがあります。その他の情報はお客様の身元には関連付けられません。` : linked ? 'これらの情報はお客様に関連付けられることがあります。' : 'これらの情報はお客様の身元には関連付けられません。'}${tracking ? 'トラッキングに使用されます。' : ''}`,
  processorThrough: ({ flows }) => `送信元のフォーム：${flows.join('、')}。`,
  flowName: ({ type, slug }) => (slug ? `${type}（${slug}）` : type),
  processorPrivacyLink: ({ name }) => `${name}のプライバシーポリシー`,
  customProcessor: ({ name, kinds, purposes }) => `${name}は、${purposes}のために${kinds}を受け取ります。`,
  customProcessorUnmapped: ({ name }) => `${name}は、本アプリからデータを受け取ります。`,
  entityReceives: ({ entity }) => `${entity}自身が受け取る情報は次のとおりです。`,
  entityReceivesItem: ({ kind, capability, use }) => `${kind}（${capability}）${use ? `：${use}` : ''}`,
  optionalFields: 'フォームで任意と表示されている項目（返信用のメールアドレスなど）は、入力するかどうかをお客様ご自身で決めることができます。',

  deviceFeaturesIntro: ({ app }) => `${app}は、次の機能を利用する前にお客様の許可を求めます。許可はデバイスの設定からいつでも取り消すことができます。`,
  deviceFeature: ({ capability, where }) =>
    `${capability}${
      where === 'sent' ? '（私たちに送信されます）' : where === 'push' ? '（ご利用のプラットフォームのプッシュ通知サービスを通じて配信されます）' : '（お客様のデバイス内にとどまります）'
    }`,
  deviceFeatureSentTo: ({ capability, recipients }) => `${capability}（${recipients}に送信されます）`,
  deviceFeatureCoarser: ({ capability, kept, sent, recipients }) => `${capability}（${kept}はお客様のデバイス内にとどまり、${sent}は${recipients}に送信されます）`,

  claims: {
    sellsData: {
      yes: () => '私たちは、第三者が自らの目的で利用するために、個人データを第三者に販売または共有しています。',
      no: () => '私たちは、お客様の個人データを販売しません。',
    },
    advertising: { yes: ({ app }) => `${app}には広告が表示されます。`, no: ({ app }) => `${app}には広告は表示されません。` },
    tracking: {
      yes: () => '私たちまたは私たちのパートナーは、他社のアプリやウェブサイトを横断してお客様をトラッキングします。ただし、プラットフォームが求める場合は、お客様の許可を得たときに限ります。',
      no: () => '私たちは、他社のアプリやウェブサイトを横断してお客様をトラッキングしません。',
    },
    analytics: {
      yes: () => '私たちは、上記の分析サービスを利用して本アプリの利用状況を測定しています。',
      no: () => '私たちは、お客様による本アプリの利用状況を測定するための分析サービスを利用していません。',
    },
    profiling: {
      yes: () => '私たちは、お客様に関する自動化された意思決定を行うためにプロファイリングを行います。',
      no: () => '私たちは、お客様のプロファイリングも、お客様に関する自動化された意思決定も行いません。',
    },
  },

  forChildren: ({ app, contact }) => [
    `${app}は子ども向けのアプリです。私たちは、本アプリの動作に必要な範囲を超えて情報を収集しません。保護者の方は、`,
    ...contact,
    'までご連絡いただくことで、お子様のデータの開示または削除を求めることができます。',
  ],
  forChildrenPlain: ({ app, contact }) => [`${app}は子ども向けのアプリです。保護者の方は、`, ...contact, 'までご連絡いただくことで、お子様のデータの開示または削除を求めることができます。'],
  notForChildren: ({ age, app, contact }) => [
    `${app}は${age}歳未満の子どもを対象としておらず、私たちがそれと知りながら${age}歳未満の子どもの個人データを収集することはありません。子どもが私たちにデータを提供したと思われる場合は、`,
    ...contact,
    'までお知らせください。当該データを削除します。',
  ],

  noMedicalAdvice: ({ app }) => `${app}は医学的な助言を提供するものではありません。詳しくは利用規約をご覧ください。`,

  retentionOnDevice: 'デバイス内のデータは、お客様がそのデータまたは本アプリを削除するまで保存されます。',
  retentionSent:
    '上記のサービスに送信されたデータは、収集の目的に必要な期間、または各サービスのポリシーに定める期間に限り保存されます。本アプリのフォームからお客様が送信した内容は、お客様から削除のご依頼があるまで、または私たちにとって不要になるまで保存します。',

  rights: ({ contact }) => [
    'お客様は、私たちが保有するお客様の個人データについて、その写しの提供、訂正または削除を求めることができます。',
    ...contact,
    'までご連絡ください。30日以内に回答いたします。',
  ],
  complain: ({ jurisdiction }) => `また、お客様がお住まいの地域または${jurisdiction}のデータ保護機関に苦情を申し立てることもできます。`,

  policyChanges: '本ポリシーを変更する場合は、新たな施行日を記載した新しい版を公開します。以前の版はすべて、それぞれのアドレスで引き続きご覧いただけます。下記の改定履歴をご覧ください。',

  agreement: ({ entity, jurisdiction, app }) =>
    `本規約は、${app}のご利用に関して、お客様と${entity}（${jurisdiction ? `${jurisdiction}。` : ''}以下「私たち」といいます）との間で適用される取り決めです。お客様は、${app}を利用することにより、本規約に同意したものとみなされます。`,
  minimumAge: ({ age, app }) => `${app}をご利用いただけるのは、${age}歳以上の方に限ります。`,
  subscriptionsBilling: '購入およびサブスクリプションは、お客様のアプリストアのアカウントを通じて行われ、代金はアプリストアから請求されます。',
  subscriptionsRenewal:
    'サブスクリプションは、現在の期間が終了する24時間前までに自動更新をオフにしない限り、同じ期間および料金で自動的に更新されます。サブスクリプションの管理および解約は、アプリストアのアカウント設定から行うことができます。本アプリを削除してもサブスクリプションは解約されません。',
  subscriptionsRefunds: '返金は、アプリストアが自らの規則に従って対応します。',
  useLawfully: ({ app }) =>
    `${app}は法令に従って適切にご利用ください。${app}の破壊、過負荷、リバースエンジニアリングを試みたり、他者に害を与えるために利用したりしないでください。`,
  mayChange: ({ entity, app }) => `${entity}は、いつでも${app}の機能を変更、停止または終了することがあります。`,
  medicalDefault: ({ app }) =>
    `${app}は、一般的な情報の提供および健康増進のみを目的としています。医療機器ではなく、医学的な助言、診断または治療を提供するものではありません。医学的な疑問については医師その他の資格を有する医療専門家にご相談ください。また、本アプリの内容を理由に専門家の助言を無視したり、受診を遅らせたりしないでください。`,
  asIs: ({ app, entity }) =>
    `${app}は、法令で認められる範囲において、いかなる種類の保証もなく「現状有姿」で提供されます。${entity}は、法令で認められる範囲において、お客様による${app}の利用に起因する間接損害または派生的損害について責任を負いません。本規約のいかなる規定も、消費者としてのお客様の権利のうち法令上制限できないものを制限するものではありません。`,
  liabilityUnlimited:
    '本規約のいかなる規定も、故意または重大な過失による責任、死亡または身体の傷害についての責任、製造物責任その他法律上免除または制限することができない責任を免除または制限するものではありません。',
  appleEula: ({ href }) => [
    'AppleのApp Storeから本アプリを入手した場合は、Appleの',
    { text: 'ライセンス対象アプリケーションのエンドユーザ使用許諾契約（標準EULA）', href },
    'も適用されます。',
  ],
  privacyReference: ({ href }) => ['個人データの取扱いについては、', { text: 'プライバシーポリシー', href }, 'に記載しています。'],
  governingLaw: ({ law }) => `本規約は${law}の法律に準拠します。ただし、お客様がお住まいの国の法律によって与えられる保護を奪うものではありません。`,
  termsChanges: ({ contact }) => [
    '本規約を変更する場合は、新たな施行日を記載した新しい版を公開します。以前の版も引き続きご覧いただけます。ご質問は、',
    ...contact,
    'までお寄せください。',
  ],
};

import { z } from 'zod';
import { BOARD_CATALOGS } from './i18n.boards.js';
import { STEP_CATALOGS } from './i18n.steps.js';

/**
 * Message catalogs for the built-in words of hosted pages. English is the source: every other
 * catalog is typed `Record<MessageKey, string>`, so a key missing in one language fails the type
 * check instead of showing English on a German page. A flow's language comes from its config
 * (`locale`); owners may replace any built-in string (`strings`); pages without a config (a 404)
 * follow the browser's Accept-Language.
 */
const en = {
  // The boards', legal and link pages' words (kernel/i18n.boards.ts).
  ...BOARD_CATALOGS.en,
  // The step pages' (cancel, onboarding) and the invite page's words (kernel/i18n.steps.ts).
  ...STEP_CATALOGS.en,
  optional: '(optional)',
  required: '(required)',
  choose: 'Choose…',
  submit: 'Submit',
  email: 'Email',
  emailAddress: 'Email address',
  name: 'Name',
  message: 'Message',
  yourFeedback: 'Your feedback',
  rateIt: 'How would you rate it?',
  whatAbout: 'What is it about?',
  details: 'Details',
  whatHappened: 'What happened?',
  logOrSteps: 'Log or steps to reproduce',
  starsOf: '{n} of 5',
  website: 'Website',
  alreadyOnList: 'This address was already on the list: nothing changed, you keep your place.',
  onWaitlist: '{n} on the waitlist',
  checkField: 'Please check the highlighted field.',
  checkFields: 'Please check the {n} highlighted fields.',
  checkThis: 'Please check this field.',
  fillIn: 'Please fill in this field.',
  validEmail: 'Please enter an email address like name@example.com.',
  maxChars: 'Please keep this to {n} characters or fewer.',
  minChars: 'Please write at least {n} characters.',
  chooseOption: 'Please choose one of the options.',
  inRange: 'Please pick a value in the range shown.',
  formExpired: 'This form has expired or was sent from another page. Please check it and send it again.',
  notPublishedTitle: 'Not available yet',
  notPublishedBody: 'This page has not been published yet. Please check back later.',
  tooManyTitle: 'Too many attempts',
  tooManyBody: 'Please wait a minute, then try again.',
  somethingWrong: 'Something went wrong. Please try again.',
} as const;

export type MessageKey = keyof typeof en;
type Catalog = Record<MessageKey, string>;

const de: Catalog = {
  ...BOARD_CATALOGS.de,
  ...STEP_CATALOGS.de,
  optional: '(optional)',
  required: '(Pflichtfeld)',
  choose: 'Bitte wählen…',
  submit: 'Senden',
  email: 'E-Mail',
  emailAddress: 'E-Mail-Adresse',
  name: 'Name',
  message: 'Nachricht',
  yourFeedback: 'Dein Feedback',
  rateIt: 'Wie gefällt es dir?',
  whatAbout: 'Worum geht es?',
  details: 'Details',
  whatHappened: 'Was ist passiert?',
  logOrSteps: 'Protokoll oder Schritte zum Nachstellen',
  starsOf: '{n} von 5',
  website: 'Webseite',
  alreadyOnList: 'Diese Adresse stand schon auf der Liste: Es hat sich nichts geändert, dein Platz bleibt.',
  onWaitlist: '{n} auf der Warteliste',
  checkField: 'Bitte prüfe das markierte Feld.',
  checkFields: 'Bitte prüfe die {n} markierten Felder.',
  checkThis: 'Bitte prüfe dieses Feld.',
  fillIn: 'Bitte fülle dieses Feld aus.',
  validEmail: 'Bitte gib eine E-Mail-Adresse wie name@example.com ein.',
  maxChars: 'Bitte höchstens {n} Zeichen.',
  minChars: 'Bitte mindestens {n} Zeichen.',
  chooseOption: 'Bitte wähle eine der Optionen.',
  inRange: 'Bitte wähle einen Wert im angezeigten Bereich.',
  formExpired: 'Dieses Formular ist abgelaufen oder kam von einer anderen Seite. Bitte prüfe es und sende es noch einmal.',
  notPublishedTitle: 'Noch nicht verfügbar',
  notPublishedBody: 'Diese Seite ist noch nicht veröffentlicht. Bitte schau später wieder vorbei.',
  tooManyTitle: 'Zu viele Versuche',
  tooManyBody: 'Bitte warte eine Minute und versuche es dann erneut.',
  somethingWrong: 'Etwas ist schiefgelaufen. Bitte versuche es erneut.',
};

const fr: Catalog = {
  ...BOARD_CATALOGS.fr,
  ...STEP_CATALOGS.fr,
  optional: '(facultatif)',
  required: '(obligatoire)',
  choose: 'Choisir…',
  submit: 'Envoyer',
  email: 'E-mail',
  emailAddress: 'Adresse e-mail',
  name: 'Nom',
  message: 'Message',
  yourFeedback: 'Votre avis',
  rateIt: 'Quelle note donneriez-vous ?',
  whatAbout: 'De quoi s’agit-il ?',
  details: 'Détails',
  whatHappened: 'Que s’est-il passé ?',
  logOrSteps: 'Journal ou étapes pour reproduire',
  starsOf: '{n} sur 5',
  website: 'Site web',
  alreadyOnList: 'Cette adresse était déjà sur la liste : rien n’a changé, vous gardez votre place.',
  onWaitlist: '{n} sur la liste d’attente',
  checkField: 'Veuillez vérifier le champ signalé.',
  checkFields: 'Veuillez vérifier les {n} champs signalés.',
  checkThis: 'Veuillez vérifier ce champ.',
  fillIn: 'Veuillez remplir ce champ.',
  validEmail: 'Veuillez saisir une adresse e-mail comme nom@exemple.com.',
  maxChars: '{n} caractères au maximum, s’il vous plaît.',
  minChars: 'Au moins {n} caractères, s’il vous plaît.',
  chooseOption: 'Veuillez choisir l’une des options.',
  inRange: 'Veuillez choisir une valeur dans la plage indiquée.',
  formExpired: 'Ce formulaire a expiré ou a été envoyé depuis une autre page. Vérifiez-le et renvoyez-le.',
  notPublishedTitle: 'Pas encore disponible',
  notPublishedBody: 'Cette page n’est pas encore publiée. Revenez un peu plus tard.',
  tooManyTitle: 'Trop de tentatives',
  tooManyBody: 'Veuillez patienter une minute, puis réessayer.',
  somethingWrong: 'Une erreur s’est produite. Veuillez réessayer.',
};

const es: Catalog = {
  ...BOARD_CATALOGS.es,
  ...STEP_CATALOGS.es,
  optional: '(opcional)',
  required: '(obligatorio)',
  choose: 'Elige…',
  submit: 'Enviar',
  email: 'Correo electrónico',
  emailAddress: 'Dirección de correo',
  name: 'Nombre',
  message: 'Mensaje',
  yourFeedback: 'Tu opinión',
  rateIt: '¿Cómo lo valorarías?',
  whatAbout: '¿De qué se trata?',
  details: 'Detalles',
  whatHappened: '¿Qué ha pasado?',
  logOrSteps: 'Registro o pasos para reproducirlo',
  starsOf: '{n} de 5',
  website: 'Sitio web',
  alreadyOnList: 'Esta dirección ya estaba en la lista: no ha cambiado nada, conservas tu puesto.',
  onWaitlist: '{n} en la lista de espera',
  checkField: 'Revisa el campo marcado.',
  checkFields: 'Revisa los {n} campos marcados.',
  checkThis: 'Revisa este campo.',
  fillIn: 'Rellena este campo.',
  validEmail: 'Escribe una dirección de correo como nombre@ejemplo.com.',
  maxChars: 'Como máximo {n} caracteres, por favor.',
  minChars: 'Escribe al menos {n} caracteres.',
  chooseOption: 'Elige una de las opciones.',
  inRange: 'Elige un valor dentro del rango indicado.',
  formExpired: 'Este formulario ha caducado o se envió desde otra página. Revísalo y vuelve a enviarlo.',
  notPublishedTitle: 'Aún no disponible',
  notPublishedBody: 'Esta página aún no se ha publicado. Vuelve más tarde.',
  tooManyTitle: 'Demasiados intentos',
  tooManyBody: 'Espera un minuto y vuelve a intentarlo.',
  somethingWrong: 'Algo ha fallado. Inténtalo de nuevo.',
};

const it: Catalog = {
  ...BOARD_CATALOGS.it,
  ...STEP_CATALOGS.it,
  optional: '(facoltativo)',
  required: '(obbligatorio)',
  choose: 'Scegli…',
  submit: 'Invia',
  email: 'E-mail',
  emailAddress: 'Indirizzo e-mail',
  name: 'Nome',
  message: 'Messaggio',
  yourFeedback: 'Il tuo parere',
  rateIt: 'Che voto gli daresti?',
  whatAbout: 'Di cosa si tratta?',
  details: 'Dettagli',
  whatHappened: 'Che cosa è successo?',
  logOrSteps: 'Log o passaggi per riprodurlo',
  starsOf: '{n} su 5',
  website: 'Sito web',
  alreadyOnList: 'Questo indirizzo era già nella lista: non è cambiato nulla, mantieni il tuo posto.',
  onWaitlist: '{n} in lista d’attesa',
  checkField: 'Controlla il campo evidenziato.',
  checkFields: 'Controlla i {n} campi evidenziati.',
  checkThis: 'Controlla questo campo.',
  fillIn: 'Compila questo campo.',
  validEmail: 'Inserisci un indirizzo e-mail come nome@esempio.com.',
  maxChars: 'Al massimo {n} caratteri, per favore.',
  minChars: 'Scrivi almeno {n} caratteri.',
  chooseOption: 'Scegli una delle opzioni.',
  inRange: 'Scegli un valore nell’intervallo indicato.',
  formExpired: 'Questo modulo è scaduto o è stato inviato da un’altra pagina. Controllalo e invialo di nuovo.',
  notPublishedTitle: 'Non ancora disponibile',
  notPublishedBody: 'Questa pagina non è ancora pubblicata. Torna più tardi.',
  tooManyTitle: 'Troppi tentativi',
  tooManyBody: 'Attendi un minuto, poi riprova.',
  somethingWrong: 'Qualcosa è andato storto. Riprova.',
};

const ptBR: Catalog = {
  ...BOARD_CATALOGS['pt-BR'],
  ...STEP_CATALOGS['pt-BR'],
  optional: '(opcional)',
  required: '(obrigatório)',
  choose: 'Escolha…',
  submit: 'Enviar',
  email: 'E-mail',
  emailAddress: 'Endereço de e-mail',
  name: 'Nome',
  message: 'Mensagem',
  yourFeedback: 'Sua opinião',
  rateIt: 'Que nota você daria?',
  whatAbout: 'Do que se trata?',
  details: 'Detalhes',
  whatHappened: 'O que aconteceu?',
  logOrSteps: 'Log ou passos para reproduzir',
  starsOf: '{n} de 5',
  website: 'Site',
  alreadyOnList: 'Este endereço já estava na lista: nada mudou, você mantém o seu lugar.',
  onWaitlist: '{n} na lista de espera',
  checkField: 'Confira o campo destacado.',
  checkFields: 'Confira os {n} campos destacados.',
  checkThis: 'Confira este campo.',
  fillIn: 'Preencha este campo.',
  validEmail: 'Digite um e-mail como nome@exemplo.com.',
  maxChars: 'No máximo {n} caracteres, por favor.',
  minChars: 'Escreva pelo menos {n} caracteres.',
  chooseOption: 'Escolha uma das opções.',
  inRange: 'Escolha um valor dentro do intervalo mostrado.',
  formExpired: 'Este formulário expirou ou foi enviado de outra página. Confira e envie de novo.',
  notPublishedTitle: 'Ainda não disponível',
  notPublishedBody: 'Esta página ainda não foi publicada. Volte mais tarde.',
  tooManyTitle: 'Tentativas demais',
  tooManyBody: 'Aguarde um minuto e tente de novo.',
  somethingWrong: 'Algo deu errado. Tente de novo.',
};

const ja: Catalog = {
  ...BOARD_CATALOGS.ja,
  ...STEP_CATALOGS.ja,
  optional: '(任意)',
  required: '(必須)',
  choose: '選択してください…',
  submit: '送信',
  email: 'メールアドレス',
  emailAddress: 'メールアドレス',
  name: 'お名前',
  message: 'メッセージ',
  yourFeedback: 'ご意見',
  rateIt: '評価をお聞かせください',
  whatAbout: '内容の種類',
  details: '詳細',
  whatHappened: '何が起きましたか?',
  logOrSteps: 'ログまたは再現手順',
  starsOf: '5段階中{n}',
  website: 'ウェブサイト',
  alreadyOnList: 'このアドレスは既にリストに登録されています。変更はなく、順番もそのままです。',
  onWaitlist: '{n}人が登録中',
  checkField: '強調表示された項目をご確認ください。',
  checkFields: '強調表示された{n}件の項目をご確認ください。',
  checkThis: 'この項目をご確認ください。',
  fillIn: 'この項目を入力してください。',
  validEmail: 'name@example.com のような形式でメールアドレスを入力してください。',
  maxChars: '{n}文字以内で入力してください。',
  minChars: '{n}文字以上で入力してください。',
  chooseOption: '選択肢から1つ選んでください。',
  inRange: '表示された範囲の値を選んでください。',
  formExpired: 'このフォームは期限切れか、別のページから送信されました。内容を確認して、もう一度送信してください。',
  notPublishedTitle: 'まだ公開されていません',
  notPublishedBody: 'このページはまだ公開されていません。しばらくしてからもう一度お試しください。',
  tooManyTitle: '試行回数が多すぎます',
  tooManyBody: '1分ほど待ってから、もう一度お試しください。',
  somethingWrong: '問題が発生しました。もう一度お試しください。',
};

export const CATALOGS = { en, de, fr, es, it, 'pt-BR': ptBR, ja } as const satisfies Record<string, Catalog>;
export type Locale = keyof typeof CATALOGS;
export const LOCALES = Object.keys(CATALOGS) as Locale[];

export const localeSchema = z.enum(LOCALES as [Locale, ...Locale[]]).describe(`Language of the page's built-in words: ${LOCALES.join(', ')} (default en).`);
export const stringsSchema = z
  .partialRecord(z.enum(Object.keys(en) as [MessageKey, ...MessageKey[]]), z.string().min(1).max(500))
  .describe(`Owner replacements for built-in words, by key (${Object.keys(en).join(', ')}); \`{n}\` and \`{message}\` are filled in.`);

export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

/** The page's words: the owner's replacement, else the locale's catalog, with `{name}` filled in. */
export function translator(locale: Locale | undefined, strings?: Partial<Record<MessageKey, string>>): Translate {
  const catalog: Catalog = CATALOGS[locale ?? 'en'] ?? en;
  return (key, vars) => {
    const text = strings?.[key] ?? catalog[key];
    return vars ? text.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m)) : text;
  };
}

/** The best catalog for an Accept-Language header (pages without a config: a 404, a rate limit). */
export function negotiate(acceptLanguage: string | undefined): Locale {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0].trim();
    if (!tag) continue;
    const exact = LOCALES.find((l) => l.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const base = tag.split('-')[0].toLowerCase();
    const byBase = base === 'pt' ? 'pt-BR' : LOCALES.find((l) => l === base);
    if (byBase) return byBase as Locale;
  }
  return 'en';
}

/**
 * A published config as its pages read it: with the app's default language when the config
 * sets none (a flow's own `locale` wins). Only where the type's schema accepts `locale` (a
 * config published under it parses again with it added): other types are left as they are.
 */
export function withAppLocale<C>(config: C, appLocale: string | null | undefined, schema: { safeParse(v: unknown): { success: boolean } }): C {
  if (!appLocale || !config || typeof config !== 'object' || (config as { locale?: unknown }).locale) return config;
  const merged = { ...(config as object), locale: appLocale } as C;
  return schema.safeParse(merged).success ? merged : config;
}

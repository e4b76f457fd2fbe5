import { describe, expect, it } from 'vitest';
import { OPEN_FROM } from '../../../src/flows/legal/legal.children-age.js';
import { freeze } from '../../../src/flows/legal/legal.declaration.js';
import { consentAges, lawsOf } from '../../../src/flows/legal/legal.law.js';
import { privacySections } from '../../../src/flows/legal/legal.policy.js';
import { legalConfig, type LegalConfig } from '../../../src/flows/legal/legal.schema.js';
import { LAW_TEXTS, LEGAL_TEXTS, TEXT_EDITION, TEXT_LOCALES, type TextLocale } from '../../../src/flows/legal/text/index.js';
import { goodLegal } from './legal.fixtures.js';

/**
 * The "Children" paragraph of an app not directed at children as every published edition (0 to 3)
 * shows it, in every language. Written out, not derived: the age now comes from OPEN_FROM, and a
 * published version must keep rendering these bytes.
 */
const PUBLISHED: Record<TextLocale, string> = {
  en: 'Sleepy is not directed at children under 13, and we do not knowingly collect their personal data. If you believe a child has given us data, tell us by email at privacy@sleepy.example and we will delete it.',
  de: 'Sleepy richtet sich nicht an Kinder unter 13 Jahren, und wir erheben wissentlich keine personenbezogenen Daten von ihnen. Wenn Sie annehmen, dass uns ein Kind Daten übermittelt hat, teilen Sie uns dies bitte per E-Mail unter privacy@sleepy.example mit; wir löschen die Daten dann.',
  fr: 'L’application Sleepy n’est pas destinée aux enfants de moins de 13 ans, et nous ne collectons pas sciemment leurs données à caractère personnel. Si vous pensez qu’un enfant nous a transmis des données, signalez-le-nous par e-mail à l’adresse privacy@sleepy.example et nous les effacerons.',
  es: 'Sleepy no es una aplicación dirigida a menores de 13 años, y no recogemos a sabiendas sus datos personales. Si cree que un menor nos ha facilitado datos, contacte con nosotros en la dirección de correo electrónico privacy@sleepy.example y los suprimiremos.',
  it: 'Sleepy non è un’app rivolta ai minori di 13 anni e non raccogliamo consapevolmente i loro dati personali. Se ritiene che un minore ci abbia fornito dati, ci contatti all’indirizzo e-mail privacy@sleepy.example e provvederemo a cancellarli.',
  'pt-BR': 'O Sleepy não é direcionado a crianças menores de 13 anos, e não coletamos intencionalmente dados pessoais delas. Se você acredita que uma criança nos forneceu dados, avise-nos pelo e-mail privacy@sleepy.example e nós os excluiremos.',
  ja: 'Sleepyは13歳未満の子どもを対象としておらず、私たちがそれと知りながら13歳未満の子どもの個人データを収集することはありません。子どもが私たちにデータを提供したと思われる場合は、メールアドレス privacy@sleepy.example までお知らせください。当該データを削除します。',
};

const config = legalConfig.parse(goodLegal({ childrenDirected: false })) as LegalConfig;
const frozen = freeze(config, []);
const EDITIONS = Array.from({ length: TEXT_EDITION + 1 }, (_, i) => i);
const joined = (parts: (string | { text: string })[]) => parts.map((x) => (typeof x === 'string' ? x : x.text)).join('');

describe('OPEN_FROM: the one age under which the generated text counts a user as a child', () => {
  it.each(TEXT_LOCALES)('%s: the "Children" paragraph of every edition renders as published', (locale) => {
    for (const edition of EDITIONS) {
      const sections = privacySections({ appName: 'Sleepy', config, frozen, text: LEGAL_TEXTS[locale], law: LAW_TEXTS[locale], edition });
      const children = sections.find((s) => s.id === 'children')!;
      const first = children.blocks[0]!;
      expect('p' in first && joined(first.p)).toBe(PUBLISHED[locale]);
    }
  });

  it.each(TEXT_LOCALES)('%s: every age in the sentence is the one passed (none written into the text)', (locale) => {
    const say = (age: number) => joined(LEGAL_TEXTS[locale].notForChildren({ age, app: 'Sleepy', contact: ['privacy@sleepy.example'] }));
    const at13 = say(13);
    expect(at13).toContain('13');
    expect(say(99)).toBe(at13.replaceAll('13', '99'));
  });

  it('without a minimum age, the GDPR Art. 8 ages are those of an app open from OPEN_FROM', () => {
    // A German app offered across the EEA: the ages listed are those above the age it is open from.
    const c = legalConfig.parse(goodLegal({ audience: ['eea'] })) as LegalConfig;
    const from = (minimumAge?: number) => consentAges({ ...c, terms: { ...c.terms, minimumAge } }, lawsOf(c));
    expect(from(undefined)).toEqual(from(OPEN_FROM));
    // One year older drops the countries whose age is OPEN_FROM + 1 (Austria's 14), so the comparison can fail.
    expect(from(undefined)).not.toEqual(from(OPEN_FROM + 1));
  });
});

import { CAPABILITIES, DATA_KINDS, presetFor } from './legal.presets.js';
import { purposeWords, words } from './legal.declaration.js';
import { legalModel, listedOnDevice, platformFacts, sentAs, type LegalModel, type PlatformFact } from './legal.model.js';
import type { Frozen, LegalConfig, ResolvedProcessor } from './legal.schema.js';

/**
 * The documents as data: sections of paragraphs and lists, composed only from the asserted facts
 * and the frozen processors. The pages render them; tests read them without HTML.
 */

/** Text with optional links; a plain string is text. */
export type Inline = string | { text: string; href: string };
export type Block = { p: Inline[] } | { list: Inline[][] } | { processor: ResolvedProcessor & { receivesText: string; purposesText: string } };
export interface Section {
  id: string;
  title: string;
  blocks: Block[];
}

const p = (...parts: Inline[]): Block => ({ p: parts });
const mail = (email: string): Inline => ({ text: email, href: `mailto:${email}` });

interface Facts {
  appName: string;
  config: LegalConfig;
  frozen: Frozen;
}

type PlatformUse = NonNullable<LegalConfig['platformData']>[number];
const MODE_WORDS = { when_in_use: 'only while you use the app', always: 'also in the background', local: 'reminders scheduled on your device', push: 'push notifications' } as const;
/** "Health data (HealthKit / Health Connect) (read and write): to log your sleep". */
function capabilityText(x: PlatformUse): string {
  const how = [x.access?.join(' and '), x.mode && MODE_WORDS[x.mode]].filter(Boolean).join(', ');
  return `${x.label ?? CAPABILITIES[x.capability].label}${how ? ` (${how})` : ''}${x.use ? `: ${x.use}` : ''}`;
}
/** An on-device capability of which a processor receives a coarser sort (approximate location): said exactly. */
function onDeviceText(f: PlatformFact): string {
  const sent = sentAs(f.item.capability);
  if (!f.coarser.length || !sent?.coarser) return capabilityText(f.item);
  return `${capabilityText(f.item)} — ${DATA_KINDS[sent.same[0]!].words} stays on your device; only ${DATA_KINDS[sent.coarser[0]!].words} is sent, to ${f.coarser.join(', ')}`;
}

/** The device-features list's note: what of it stays, and who receives what does not (legacy: as published). */
function stayWords(f: PlatformFact, model: LegalModel): string {
  if (model.legacy) return ' (stays on your device)';
  const sent = sentAs(f.item.capability);
  if (f.same.length) return ` (sent to ${f.same.join(', ')})`;
  if (f.coarser.length && sent?.coarser) return ` (${DATA_KINDS[sent.same[0]!].words} stays on your device; ${DATA_KINDS[sent.coarser[0]!].words} is sent to ${f.coarser.join(', ')})`;
  return ' (stays on your device)';
}

/** How to reach the owner, as inline text. */
function reach(c: LegalConfig): Inline[] {
  return c.entity.contactEmail ? ['by email at ', mail(c.entity.contactEmail)] : ['through the contact details in the app or its store listing'];
}

export function privacySections({ appName, config: c, frozen }: Facts): Section[] {
  const out: Section[] = [];
  const who = c.entity.name;
  out.push({
    id: 'who',
    title: 'Who is responsible',
    blocks: [
      p(`${who}${c.entity.jurisdiction ? ` (${c.entity.jurisdiction})` : ''} makes ${appName} and is responsible for the personal data it handles.`),
      p('You can reach us ', ...reach(c), '.'),
    ],
  });

  // What stays and what leaves come from the data-flow model (legal.model.ts), as the declarations do.
  const model = legalModel(c, frozen);
  const platform = platformFacts(c, model);
  const onDevice = listedOnDevice(platform, model);
  if ((c.localData ?? []).length || onDevice.length) {
    const blocks: Block[] = [p(`This stays on your device and is not sent to ${who} or anyone else:`)];
    blocks.push({ list: [...(c.localData ?? []).map((x) => [x]), ...onDevice.map((f) => [model.legacy ? capabilityText(f.item) : onDeviceText(f)])] });
    if (onDevice.some((f) => f.item.capability === 'cloud_sync')) blocks.push(p('Cloud sync copies it to your own private cloud storage (such as iCloud), which we cannot read.'));
    blocks.push(p(`Deleting ${appName} deletes it.`));
    out.push({ id: 'on-device', title: 'What stays on your device', blocks });
  }

  const leaving = platform.filter((f) => model.flows.some((x) => x.path === f.path && x.recipient.type === 'entity')).map((f) => f.item);
  const processors = frozen.processors;
  const blocks: Block[] = [];
  if (processors.length === 0 && leaving.length === 0) {
    blocks.push(p(`Nothing leaves your device: ${appName} does not collect personal data.`));
  } else {
    blocks.push(p('Only what is listed here leaves your device. Each service receives it for the reason given and only acts for us.'));
    for (const x of processors) {
      blocks.push({
        processor: {
          ...x,
          receivesText: x.mapped ? words(x.receives.map((r) => r.kind)) : 'data from the app',
          purposesText: purposeWords(x.receives.flatMap((r) => r.purposes)),
        },
      });
    }
    if (leaving.length) {
      blocks.push(p(`${who} itself receives:`));
      blocks.push({ list: leaving.map((x) => [`${DATA_KINDS[CAPABILITIES[x.capability].kind].words} (${capabilityText({ ...x, use: undefined })})${x.use ? `: ${x.use}` : ''}`]) });
    }
    const optional = processors.flatMap((x) => x.receives).some((r) => r.optional);
    if (optional) blocks.push(p('Where a form marks a field as optional (such as an email address for a reply), you decide whether to give it.'));
  }
  out.push({ id: 'leaves-device', title: 'What leaves your device, and who receives it', blocks });

  if ((c.platformData ?? []).length) {
    out.push({
      id: 'device-features',
      title: 'Device features the app uses',
      blocks: [
        p(`${appName} asks your permission before it uses any of these, and you can withdraw it in your device settings:`),
        {
          list: (c.platformData ?? []).map((x) => [
            `${capabilityText(x)}${x.leavesDevice ? ' (sent to us)' : x.mode === 'push' ? ' (delivered through your platform’s push service)' : stayWords(platform.find((f) => f.item === x)!, model)}`,
          ]),
        },
      ],
    });
  }

  const d = c.declarations;
  const claims: Inline[][] = [];
  claims.push([d.sellsData ? 'We sell or share personal data with third parties for their own use.' : 'We do not sell your personal data.']);
  claims.push([d.advertising ? `${appName} shows advertising.` : `${appName} shows no advertising.`]);
  claims.push([d.tracking ? 'We or our partners track you across other companies’ apps and websites, only with your permission where the platform requires it.' : 'We do not track you across other companies’ apps and websites.']);
  claims.push([d.analytics ? 'We measure how the app is used with analytics services, listed above.' : 'We do not use analytics services to measure how you use the app.']);
  claims.push([d.profiling ? 'We build profiles to make automated decisions about you.' : 'We do not build profiles of you or make automated decisions about you.']);
  out.push({ id: 'claims', title: 'Selling, advertising and tracking', blocks: [{ list: claims }] });

  if (c.childrenDirected !== undefined) {
    out.push({
      id: 'children',
      title: 'Children',
      blocks: [
        c.childrenDirected
          ? p(`${appName} is made for children. We collect no more than the app needs to work, and a parent can ask us to see or delete a child’s data `, ...reach(c), '.')
          : p(`${appName} is not directed at children under 13, and we do not knowingly collect their personal data. If you believe a child has given us data, tell us `, ...reach(c), ' and we will delete it.'),
      ],
    });
  }

  if (c.medicalDisclaimer) {
    out.push({ id: 'health', title: 'Health information', blocks: [p(`${appName} does not give medical advice; see the terms of use.`)] });
  }

  const retention: Block[] = [];
  if ((c.localData ?? []).length || onDevice.length) retention.push(p('Data on your device stays until you delete it or delete the app.'));
  if (processors.length || leaving.length) {
    retention.push(p('Data sent to the services above is kept only as long as needed for the reason it was collected, or as their own policies describe; what you send through the app’s forms is kept until you ask us to delete it or we no longer need it.'));
  }
  if (retention.length) out.push({ id: 'retention', title: 'How long we keep data', blocks: retention });

  out.push({
    id: 'rights',
    title: 'Your rights',
    blocks: [
      p('You can ask us for a copy of the personal data we hold about you, ask us to correct it, or ask us to delete it. Write to us ', ...reach(c), '; we answer within 30 days.'),
      ...(c.entity.jurisdiction ? [p(`You may also complain to the data protection authority where you live or in ${c.entity.jurisdiction}.`)] : []),
    ],
  });

  out.push({
    id: 'changes',
    title: 'Changes to this policy',
    blocks: [p('When this policy changes we publish a new version with a new effective date. Every earlier version stays available at its own address; see the version history below.')],
  });
  return out;
}

const EULA = 'https://www.apple.com/legal/internet-services/itunes/dev/stdeula/';

/** Whether the subscription section applies: asserted, or a purchases processor is listed. */
export const sellsSubscriptions = (c: LegalConfig) => c.terms?.subscriptions ?? c.processors.some((x) => ['subscriptions', 'paywall'].includes(presetFor(x.id)?.role ?? ''));

export function termsSections({ appName, config: c }: Facts, privacyUrl: string): Section[] {
  const who = c.entity.name;
  const out: Section[] = [];
  out.push({
    id: 'agreement',
    title: 'Agreement',
    blocks: [
      p(`These terms are an agreement between you and ${who}${c.entity.jurisdiction ? ` (${c.entity.jurisdiction})` : ''} about your use of ${appName}. By using ${appName} you accept them.`),
      ...(c.terms?.minimumAge ? [p(`You must be at least ${c.terms.minimumAge} years old to use ${appName}.`)] : []),
    ],
  });
  if (sellsSubscriptions(c)) {
    out.push({
      id: 'subscriptions',
      title: 'Subscriptions and purchases',
      blocks: [
        p('Purchases and subscriptions are made through your app store account and billed by the app store.'),
        p('A subscription renews automatically for the same period and price unless you turn auto-renewal off at least 24 hours before the current period ends. You can manage and cancel subscriptions in your app store account settings; deleting the app does not cancel a subscription.'),
        p('Refunds are handled by the app store under its own rules.'),
      ],
    });
  }
  out.push({
    id: 'use',
    title: 'Using the app',
    blocks: [
      p(`Use ${appName} lawfully and do not misuse it: do not try to break, overload or reverse engineer it, and do not use it to harm others.`),
      p(`${who} may change, suspend or end features of ${appName} at any time.`),
    ],
  });
  if (c.medicalDisclaimer) {
    out.push({
      id: 'medical',
      title: 'Not medical advice',
      blocks: [
        p(
          typeof c.medicalDisclaimer === 'string'
            ? c.medicalDisclaimer
            : `${appName} is for general information and wellbeing only. It is not a medical device and does not give medical advice, diagnosis or treatment. Ask a doctor or other qualified health professional about any medical question, and never ignore or delay professional advice because of something in the app.`,
        ),
      ],
    });
  }
  out.push({
    id: 'liability',
    title: 'No warranty, limited liability',
    blocks: [
      p(`${appName} is provided “as is”, without warranties of any kind, to the extent the law allows. ${who} is not liable for indirect or consequential losses arising from your use of it, to the extent the law allows; nothing in these terms limits rights you have as a consumer that cannot be limited.`),
    ],
  });
  if (c.terms?.appleStandardEula ?? true) {
    out.push({ id: 'eula', title: 'App Store licence', blocks: [p('If you got the app from Apple’s App Store, Apple’s ', { text: 'Standard Licensed Application End User License Agreement', href: EULA }, ' also applies.')] });
  }
  out.push({ id: 'privacy', title: 'Privacy', blocks: [p('How we handle personal data is described in the ', { text: 'privacy policy', href: privacyUrl }, '.')] });
  for (const [i, s] of (c.terms?.sections ?? []).entries()) {
    out.push({ id: `extra-${i + 1}`, title: s.title, blocks: s.body.split(/\n\s*\n/).map((para) => p(para.trim())) });
  }
  const law = c.terms?.governingLaw ?? c.entity.jurisdiction;
  if (law) out.push({ id: 'law', title: 'Governing law', blocks: [p(`These terms are governed by the law of ${law}, without depriving you of the protection of the law of the country where you live.`)] });
  out.push({
    id: 'changes',
    title: 'Changes and contact',
    blocks: [p('When these terms change we publish a new version with a new effective date; earlier versions stay available. Questions: write to us ', ...reach(c), '.')],
  });
  return out;
}


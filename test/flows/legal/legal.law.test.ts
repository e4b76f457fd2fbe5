import { describe, expect, it } from 'vitest';
import { freeze, type PublishedFlowFacts } from '../../../src/flows/legal/legal.declaration.js';
import { countryOf, lawsOf } from '../../../src/flows/legal/legal.law.js';
import { privacySections, type Section } from '../../../src/flows/legal/legal.policy.js';
import type { DpfScope, ProcessingFacts } from '../../../src/flows/legal/legal.presets.js';
import { legalConfig, type LegalConfig } from '../../../src/flows/legal/legal.schema.js';
import { TEXT_EDITION } from '../../../src/flows/legal/text/index.js';
import { goodLegal } from './legal.fixtures.js';

const parse = (v: unknown) => legalConfig.parse(v) as LegalConfig;
const feedback: PublishedFlowFacts = { type: 'feedback', slug: 'feedback', versionNumber: 1, config: { emailField: { enabled: true } } };
const facts = (read: string): ProcessingFacts => ({ locations: ['United States'], mechanism: 'scc', sources: [{ title: 'DPA', url: read }], readOn: '2026-11-27' });

/** The policy of these facts in today's edition; `processing` sets where each processor (by id) processes. */
function policy(over: Record<string, unknown>, processing: Record<string, ProcessingFacts> = {}, edition = TEXT_EDITION) {
  const config = parse(goodLegal(over));
  const frozen = freeze(config, [feedback]);
  for (const x of frozen.processors) if (processing[x.id]) x.processing = processing[x.id];
  return privacySections({ appName: 'Sleepy', config, frozen, edition });
}
const section = (s: Section[], id: string) => s.find((x) => x.id === id);
const text = (s: Section | Section[] | undefined) => JSON.stringify(s ?? null);

describe('which laws apply', () => {
  it('from entity.country, else read from the jurisdiction; audience adds laws', () => {
    expect(countryOf(parse(goodLegal()))).toBe('DE');
    expect(countryOf(parse(goodLegal({ entity: { name: 'X', jurisdiction: 'California, USA' } })))).toBe('US');
    expect(countryOf(parse(goodLegal({ entity: { name: 'X', jurisdiction: 'London, United Kingdom' } })))).toBe('GB');
    expect(countryOf(parse(goodLegal({ entity: { name: 'X', jurisdiction: 'Cyprus' } })))).toBe('CY');
    expect(countryOf(parse(goodLegal({ entity: { name: 'X', jurisdiction: 'Somewhere', country: 'fr' } })))).toBe('FR');
    expect(lawsOf(parse(goodLegal({ entity: { name: 'X', jurisdiction: 'Texas' } })))).toMatchObject({ gdpr: null, us: true });
    expect(lawsOf(parse(goodLegal({ entity: { name: 'X', jurisdiction: 'Texas' }, audience: ['eea'] })))).toMatchObject({ gdpr: { eu: true, uk: false, ch: false }, us: true });
    expect(lawsOf(parse(goodLegal({ entity: { name: 'X' } })))).toMatchObject({ gdpr: null, us: false });
  });
});

describe('EU company (GDPR)', () => {
  const over = { entity: { name: 'Sleepy Labs GmbH', contactEmail: 'privacy@sleepy.example', jurisdiction: 'Germany', region: 'BY', dpo: { name: 'Dana Protector', email: 'dpo@sleepy.example' } } };
  it('a legal basis for every purpose in use, consent where the app asks it, the owner’s override', () => {
    const s = policy({ ...over, processors: [{ id: 'revenuecat' }, { id: 'firebase' }], gdpr: { consent: ['analytics'], legalBasis: { fraud_prevention: 'legal_obligation' } } });
    const bases = section(s, 'legal-bases')!;
    const items = bases.blocks.flatMap((b) => ('list' in b ? b.list.map((x) => x.join('')) : []));
    expect(items).toContain('Making the app work: performing our contract with you, that is providing the app and the features you ask for (Art. 6(1)(b) GDPR).');
    expect(items).toContain('Understanding how the app is used: your consent (Art. 6(1)(a) GDPR).');
    // feedback (through Appflows) writes to the user: contract; no other purpose is listed
    // (the other list is GDPR Art. 8's: consent from an app open from 13 in Germany, whose age is 16)
    expect(items.filter((x) => !/^\d+ years/.test(x)).map((x) => x.split(':')[0]).sort()).toEqual(['Making the app work', 'Understanding how the app is used', 'Writing to you about the app']);
    expect(items).toContain('16 years: Germany');
    expect(text(section(s, 'rights'))).toContain('you can withdraw it at any time');
    const s2 = policy({ ...over, processors: [{ id: 'adnet', name: 'AdNet', receives: ['device_id'], purpose: ['fraud_prevention', 'third_party_advertising'] }] });
    const items2 = text(section(s2, 'legal-bases'));
    expect(items2).toContain('Showing advertising: your consent (Art. 6(1)(a) GDPR)');
    expect(items2).toContain('Preventing fraud and abuse: your consent'); // the processor tracks: consent for all it does
  });

  it('says whether giving data is required (Art. 13(2)(e)); a postal address only when given', () => {
    expect(text(section(policy({}), 'legal-bases'))).toContain('No law or contract requires you to give us personal data');
    expect(text(section(policy({}), 'who'))).not.toContain('Postal address');
    expect(text(section(policy({ entity: { name: 'Sleepy Labs GmbH', jurisdiction: 'Germany', address: 'Schlafstraße 1, 80331 München' } }), 'who'))).toContain('Postal address: Schlafstraße 1, 80331 München.');
  });
  it('transfers per processor with its safeguard (and a source link), unknown said so; health needs explicit consent', () => {
    const s = policy(
      { ...over, processors: [{ id: 'revenuecat' }, { id: 'sentry' }, { id: 'amplitude' }, { id: 'health-cloud', name: 'HealthCloud', receives: ['health'] }] },
      {
        revenuecat: { ...facts('https://rc.example/dpa'), mechanism: 'dpf' },
        sentry: facts('https://sentry.example/dpa'),
        amplitude: { locations: ['Germany'], mechanism: 'eea', sources: [], readOn: '2026-11-27' },
      },
    );
    const items = section(s, 'transfers')!.blocks.flatMap((b) => ('list' in b ? b.list : []));
    const line = (name: string) => items.find((x) => String(x[0]).startsWith(name))!;
    expect(line('RevenueCat')[0]).toContain('certified under the EU-US Data Privacy Framework');
    expect(line('RevenueCat')).toContainEqual({ text: 'DPA', href: 'https://rc.example/dpa' });
    expect(line('Sentry')[0]).toContain('Standard Contractual Clauses adopted by the European Commission (Art. 46(2)(c) GDPR)');
    expect(line('Amplitude')[0]).toContain('inside the European Economic Area');
    expect(items.map((x) => String(x[0])).find((x) => x.includes('HealthCloud'))).toContain('We have not recorded where HealthCloud processes');
    expect(text(section(s, 'legal-bases'))).toContain('explicit consent (Art. 9(2)(a) GDPR)');
  });

  it('retention per kind, the owner’s period first; rights with objection set apart; the Land’s authority; the DPO', () => {
    const s = policy({ ...over, gdpr: { retention: { email: '90 days' } } });
    const ret = section(s, 'retention')!.blocks.flatMap((b) => ('list' in b ? b.list.map((x) => x.join('')) : []));
    expect(ret).toContain('Your email address: 90 days');
    expect(ret).toContain('Crash reports: as long as needed to find and fix the problem, then deleted under the service’s retention period');
    const rights = section(s, 'rights')!;
    expect(text(rights)).toContain('Right to object:');
    expect(text(rights)).toContain('(portability)');
    expect(rights.blocks.at(-1)).toMatchObject({ p: expect.arrayContaining([{ text: 'Bayerisches Landesamt für Datenschutzaufsicht (BayLDA)', href: 'https://www.lda.bayern.de' }]) });
    expect(text(section(s, 'who'))).toContain('Our data protection officer is ');
    expect(text(section(s, 'who'))).toContain('mailto:dpo@sleepy.example');
  });

  it('Germany without a Land: the federal state’s authority and the DSK list; France: the CNIL; the owner’s own authority wins', () => {
    const last = (s: Section[]) => text(section(s, 'rights')!.blocks.at(-1) as never);
    expect(last(policy({}))).toContain('https://www.datenschutzkonferenz-online.de/datenschutzaufsichtsbehoerden.html');
    expect(last(policy({ entity: { name: 'X SAS', jurisdiction: 'France' } }))).toContain('https://www.cnil.fr');
    expect(last(policy({ gdpr: { authority: { name: 'Own DPA', url: 'https://dpa.example' } } }))).toContain('Own DPA');
  });
});

describe('UK company (UK GDPR)', () => {
  it('cites the UK GDPR and names the ICO; an EU representative when named', () => {
    const s = policy({ entity: { name: 'Sleepy Ltd', jurisdiction: 'United Kingdom', euRepresentative: { name: 'EU Rep BV', address: 'Amsterdam' } } });
    expect(text(section(s, 'legal-bases'))).toContain('(Art. 6(1)(b) UK GDPR)');
    expect(text(section(s, 'rights'))).toContain('https://ico.org.uk');
    const rights = section(s, 'rights')!.blocks.flatMap((b) => ('p' in b ? [b.p.map((x) => (typeof x === 'string' ? x : x.text)).join('')] : []));
    expect(rights).toContain('You also have the right to lodge a complaint with a supervisory authority, in particular in the country where you live or work, or with the authority that supervises us: Information Commissioner’s Office (ICO).');
    expect(text(section(s, 'who'))).toContain('Our representative in the European Union (Art. 27 GDPR) is ');
  });
});

describe('transfers for an owner outside the EU (UK GDPR, Swiss FADP)', () => {
  const lines = (jurisdiction: string) => {
    const s = policy(
      { entity: { name: 'Sleepy Ltd', jurisdiction }, processors: [{ id: 'posthog' }, { id: 'sentry' }, { id: 'amplitude' }] },
      { posthog: { ...facts('https://ph.example'), mechanism: 'dpf' }, sentry: facts('https://sentry.example'), amplitude: { locations: ['Germany'], mechanism: 'eea', sources: [], readOn: '2026-11-27' } },
    );
    return section(s, 'transfers')!.blocks.flatMap((b) => ('list' in b ? b.list.map((x) => String(x[0])) : []));
  };
  it('a UK company: the UK’s adequacy regulations, the UK Extension and the UK Addendum, not the European Commission’s decisions', () => {
    const [dpf, scc, eea] = lines('United Kingdom');
    expect(dpf).toContain('UK Extension to the EU-US Data Privacy Framework, for which the UK has made adequacy regulations (Art. 45 UK GDPR)');
    expect(scc).toContain('International Data Transfer Addendum issued by the Information Commissioner (Art. 46 UK GDPR)');
    expect(eea).toContain('for which the UK has made adequacy regulations'); // from the UK, the EEA is a transfer too
    expect([dpf, scc, eea].join(' ')).not.toMatch(/European Commission has found|(?<!UK )GDPR\)|no transfer outside it/);
  });
  it('a Swiss company: the Federal Council’s recognition and the FADP', () => {
    const [dpf, scc, eea] = lines('Switzerland');
    expect(dpf).toContain('Swiss-US Data Privacy Framework, which the Swiss Federal Council recognises as ensuring adequate protection (Art. 16(1) FADP)');
    expect(scc).toContain('as recognised by the Swiss FDPIC (Art. 16(2)(d) FADP)');
    expect(eea).toContain('(Art. 16(1) FADP)');
    expect([dpf, scc, eea].join(' ')).not.toContain('Art. 45 GDPR');
  });
});

describe('Californian company (CCPA/CPRA)', () => {
  const over = { entity: { name: 'Sleepy Inc', contactEmail: 'privacy@sleepy.example', jurisdiction: 'California, USA' } };
  it('categories collected; “we do not sell or share” only when the facts say so; rights, agents, no discrimination', () => {
    const s = policy(over);
    expect(s.map((x) => x.id)).not.toContain('legal-bases');
    const us = text(section(s, 'us-privacy'));
    expect(us).toContain('Commercial information (your purchases and subscriptions)');
    expect(text(section(policy(over, {}, 2), 'us-privacy'))).toContain('Commercial information (purchases and subscriptions)');
    expect(us).toContain('We do not sell your personal information and do not share it');
    expect(us).toContain('authorised agent');
    expect(us).toContain('We will not discriminate against you');
    expect(us).not.toContain('Global Privacy Control');
  });

  it('under US law alone the US section holds the rights: no generic 30-day promise beside its 45 days, no “data protection authority in California”', () => {
    const s = policy(over);
    expect(section(s, 'us-privacy')).toBeDefined();
    expect(section(s, 'rights')).toBeUndefined();
    expect(text(s)).not.toContain('30 days');
    expect(text(s)).not.toContain('data protection authority');
    // A company outside the EEA, the UK and the US keeps the generic paragraph and the complaint.
    const elsewhere = policy({ entity: { name: 'Sleepy KK', contactEmail: 'privacy@sleepy.example', jurisdiction: 'Japan' } });
    expect(text(section(elsewhere, 'rights'))).toContain('30 days');
    expect(text(section(elsewhere, 'rights'))).toContain('data protection authority where you live or in Japan');
  });
  it('how to appeal a refused request (45 days, then the state Attorney General); the postal address when given', () => {
    const s = policy({ ...over, entity: { ...over.entity, address: '1 Market St, San Francisco, CA 94105' } });
    expect(text(section(s, 'us-privacy'))).toContain('you can appeal by writing to us');
    expect(text(section(s, 'us-privacy'))).toContain('we answer within 45 days');
    expect(text(section(s, 'who'))).toContain('Postal address: 1 Market St, San Francisco, CA 94105.');
  });
  it('retention per category (CPRA § 1798.100(a)(3); COPPA § 312.10 for children’s apps), the owner’s period first', () => {
    const ret = section(policy({ ...over, gdpr: { retention: { email: '90 days' } } }), 'retention')!.blocks.flatMap((b) => ('list' in b ? b.list.map((x) => x.join('')) : []));
    expect(ret).toContain('Your email address: 90 days');
    expect(ret).toContain('Crash reports: as long as needed to find and fix the problem, then deleted under the service’s retention period');
    expect(text(section(policy({ entity: { name: 'Nowhere Co' } }), 'retention'))).not.toContain('For each kind of data'); // no law asks it
  });

  it('a tracking processor listed: no “do not sell or share”, the sharing named, opt-out with Global Privacy Control', () => {
    const s = policy({ ...over, processors: [{ id: 'sentry' }, { id: 'adnet', name: 'AdNet', receives: ['device_id', 'advertising_data'], usedForTracking: true }] });
    const us = text(section(s, 'us-privacy'));
    expect(us).not.toContain('We do not sell your personal information');
    expect(us).toContain('for cross-context behavioural advertising, with AdNet:');
    expect(us).toContain('Global Privacy Control');
    expect(text(policy({ ...over, declarations: { sellsData: true, advertising: false, analytics: false, tracking: false, profiling: false } }))).toContain('We sell these categories');
  });
});

describe('who acts for the owner', () => {
  it('an ad network or attribution SDK is named as using the data for its own purposes; processors alone only act for us', () => {
    const ads = policy({ processors: [{ id: 'revenuecat' }, { id: 'admob' }, { id: 'appsflyer' }], declarations: { sellsData: false, advertising: true, analytics: false, tracking: true, profiling: false } });
    const leaves = text(section(ads, 'leaves-device'));
    expect(leaves).toContain('Google AdMob and AppsFlyer also use it for their own purposes');
    expect(leaves).not.toContain('Each service receives it for the reason given and only acts for us');
    const plain = text(section(policy({ processors: [{ id: 'revenuecat' }, { id: 'sentry' }] }), 'leaves-device'));
    expect(plain).toContain('Each service receives it for the reason given and only acts for us');
  });
});

describe('children (COPPA)', () => {
  it('verifiable parental consent and a parent’s rights; “no behavioural ads” only without an advertising or tracking processor', () => {
    const over = { entity: { name: 'Kids Inc', contactEmail: 'privacy@kids.example', jurisdiction: 'California, USA' }, childrenDirected: true };
    const kids = text(section(policy(over), 'children'));
    expect(kids).toContain('verifiable parental consent');
    expect(kids).toContain('A parent can review the personal information we hold about their child, have it deleted');
    expect(kids).toContain('We do not show behavioural (interest-based) advertising to children');
    const ads = text(section(policy({ ...over, processors: [{ id: 'adnet', name: 'AdNet', receives: ['device_id'], purpose: 'third_party_advertising' }] }), 'children'));
    expect(ads).toContain('verifiable parental consent');
    expect(ads).not.toContain('We do not show behavioural');
    expect(text(section(policy({ childrenDirected: true }), 'children'))).not.toContain('COPPA'); // a German company not offering in the US
  });
});

describe('edition 1 (versions published before the law sections)', () => {
  it('renders without any law section, whatever the facts', () => {
    const over = { entity: { name: 'X', contactEmail: 'a@b.example', jurisdiction: 'Germany', dpo: { name: 'Dana' } }, audience: ['worldwide'], childrenDirected: true };
    const s = policy(over, {}, 1);
    expect(s.map((x) => x.id)).toEqual(['who', 'on-device', 'leaves-device', 'device-features', 'claims', 'children', 'retention', 'rights', 'changes']);
    const all = text(s);
    for (const absent of ['GDPR', 'COPPA', 'CCPA', 'Dana']) expect(all).not.toContain(absent);
    expect(all).toContain('we answer within 30 days');
  });
});

describe('the UK Extension and the Swiss-US framework per vendor (ProcessingFacts.dpf)', () => {
  const certified = (dpf?: DpfScope): ProcessingFacts => ({ ...facts('https://vendor.example/dpf'), mechanism: 'dpf', ...(dpf ? { dpf } : {}) });
  const line = (over: Record<string, unknown>, dpf?: DpfScope) => {
    const s = policy({ processors: [{ id: 'posthog' }], ...over }, { posthog: certified(dpf) });
    return section(s, 'transfers')!.blocks.flatMap((b) => ('list' in b ? b.list.map((x) => String(x[0])) : [])).find((x) => x.startsWith('PostHog'))!;
  };
  const ukAndSwiss = { audience: ['uk', 'ch'] };
  const UK_SCC = 'transfers from the UK rest on the Standard Contractual Clauses with the UK International Data Transfer Addendum (Art. 46 UK GDPR)';
  const CH_SCC = 'transfers from Switzerland rest on the Standard Contractual Clauses as recognised by the Swiss FDPIC (Art. 16(2)(d) FADP)';

  it('an EU company offering the app in the UK and Switzerland: each extension only where the vendor joined it, else the SCCs from there', () => {
    const both = line(ukAndSwiss, { uk: true, swiss: true });
    expect(both).toContain('EU-US Data Privacy Framework (and its UK Extension and the Swiss-US Data Privacy Framework)');
    expect(both).not.toContain('Standard Contractual Clauses');
    const neither = line(ukAndSwiss, { uk: false, swiss: false });
    expect(neither).toContain('is certified under the EU-US Data Privacy Framework, which the European Commission has found');
    expect(neither).not.toMatch(/UK Extension|Swiss-US/);
    expect(neither).toContain(`(Art. 45 GDPR); ${UK_SCC}, and ${CH_SCC}.`);
    const ukOnly = line(ukAndSwiss, { uk: true, swiss: false });
    expect(ukOnly).toContain('(and its UK Extension)');
    expect(ukOnly).toContain(`(Art. 45 GDPR); ${CH_SCC}.`);
    expect(ukOnly).not.toContain(UK_SCC);
    // Only the EU regime: nothing about the UK or Switzerland either way.
    expect(line({}, { uk: false, swiss: false })).not.toMatch(/UK|Switzerland|Swiss/);
  });

  it('a UK or Swiss company: a vendor outside its extension rests on the SCCs with the UK Addendum / as the FDPIC recognises them', () => {
    const uk = { entity: { name: 'Sleepy Ltd', jurisdiction: 'United Kingdom' } };
    expect(line(uk, { uk: true, swiss: false })).toContain('certified under the UK Extension to the EU-US Data Privacy Framework');
    expect(line(uk, { uk: false, swiss: true })).toContain('Standard Contractual Clauses with the UK International Data Transfer Addendum issued by the Information Commissioner (Art. 46 UK GDPR)');
    const ch = { entity: { name: 'Sleepy AG', jurisdiction: 'Switzerland' } };
    expect(line(ch, { uk: true, swiss: true })).toContain('certified under the Swiss-US Data Privacy Framework');
    expect(line(ch, { uk: true, swiss: false })).toContain('as recognised by the Swiss FDPIC (Art. 16(2)(d) FADP)');
  });

  it('a version frozen before the fact names both, as it was published', () => {
    expect(line(ukAndSwiss)).toContain('EU-US Data Privacy Framework (and its UK Extension and the Swiss-US Data Privacy Framework), which');
    expect(line({ entity: { name: 'Sleepy Ltd', jurisdiction: 'United Kingdom' } })).toContain('certified under the UK Extension');
  });
});

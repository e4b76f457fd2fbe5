/**
 * Data protection supervisory authorities (GDPR Art. 51; UK: the ICO; Switzerland: the FDPIC),
 * by ISO 3166-1 country code, with their own names (proper names: never translated) and sites.
 * Germany has one authority per federal state for companies: by Land code (ISO 3166-2:DE without
 * the prefix). An owner names another with `gdpr.authority`.
 */
export interface Authority {
  name: string;
  url: string;
}

/** EEA countries (EU 27 + Iceland, Liechtenstein, Norway) by code, with their English names (to read `entity.jurisdiction`). */
export const EEA: Record<string, { name: string; authority?: Authority }> = {
  AT: { name: 'Austria', authority: { name: 'Österreichische Datenschutzbehörde', url: 'https://www.dsb.gv.at' } },
  BE: { name: 'Belgium', authority: { name: 'Gegevensbeschermingsautoriteit / Autorité de protection des données', url: 'https://www.dataprotectionauthority.be' } },
  BG: { name: 'Bulgaria', authority: { name: 'Commission for Personal Data Protection (КЗЛД)', url: 'https://www.cpdp.bg' } },
  HR: { name: 'Croatia', authority: { name: 'Agencija za zaštitu osobnih podataka (AZOP)', url: 'https://azop.hr' } },
  CY: { name: 'Cyprus', authority: { name: 'Commissioner for Personal Data Protection', url: 'https://www.dataprotection.gov.cy' } },
  CZ: { name: 'Czechia', authority: { name: 'Úřad pro ochranu osobních údajů', url: 'https://uoou.gov.cz' } },
  DK: { name: 'Denmark', authority: { name: 'Datatilsynet', url: 'https://www.datatilsynet.dk' } },
  EE: { name: 'Estonia', authority: { name: 'Andmekaitse Inspektsioon', url: 'https://www.aki.ee' } },
  FI: { name: 'Finland', authority: { name: 'Tietosuojavaltuutetun toimisto', url: 'https://tietosuoja.fi' } },
  FR: { name: 'France', authority: { name: 'Commission nationale de l’informatique et des libertés (CNIL)', url: 'https://www.cnil.fr' } },
  DE: { name: 'Germany' },
  GR: { name: 'Greece', authority: { name: 'Hellenic Data Protection Authority', url: 'https://www.dpa.gr' } },
  HU: { name: 'Hungary', authority: { name: 'Nemzeti Adatvédelmi és Információszabadság Hatóság (NAIH)', url: 'https://naih.hu' } },
  IE: { name: 'Ireland', authority: { name: 'Data Protection Commission', url: 'https://www.dataprotection.ie' } },
  IT: { name: 'Italy', authority: { name: 'Garante per la protezione dei dati personali', url: 'https://www.garanteprivacy.it' } },
  LV: { name: 'Latvia', authority: { name: 'Datu valsts inspekcija', url: 'https://www.dvi.gov.lv' } },
  LT: { name: 'Lithuania', authority: { name: 'Valstybinė duomenų apsaugos inspekcija', url: 'https://vdai.lrv.lt' } },
  LU: { name: 'Luxembourg', authority: { name: 'Commission nationale pour la protection des données (CNPD)', url: 'https://cnpd.public.lu' } },
  MT: { name: 'Malta', authority: { name: 'Information and Data Protection Commissioner', url: 'https://idpc.org.mt' } },
  NL: { name: 'Netherlands', authority: { name: 'Autoriteit Persoonsgegevens', url: 'https://www.autoriteitpersoonsgegevens.nl' } },
  PL: { name: 'Poland', authority: { name: 'Urząd Ochrony Danych Osobowych (UODO)', url: 'https://uodo.gov.pl' } },
  PT: { name: 'Portugal', authority: { name: 'Comissão Nacional de Proteção de Dados (CNPD)', url: 'https://www.cnpd.pt' } },
  RO: { name: 'Romania', authority: { name: 'Autoritatea Națională de Supraveghere a Prelucrării Datelor cu Caracter Personal (ANSPDCP)', url: 'https://www.dataprotection.ro' } },
  SK: { name: 'Slovakia', authority: { name: 'Úrad na ochranu osobných údajov Slovenskej republiky', url: 'https://dataprotection.gov.sk' } },
  SI: { name: 'Slovenia', authority: { name: 'Informacijski pooblaščenec', url: 'https://www.ip-rs.si' } },
  ES: { name: 'Spain', authority: { name: 'Agencia Española de Protección de Datos (AEPD)', url: 'https://www.aepd.es' } },
  SE: { name: 'Sweden', authority: { name: 'Integritetsskyddsmyndigheten (IMY)', url: 'https://www.imy.se' } },
  IS: { name: 'Iceland', authority: { name: 'Persónuvernd', url: 'https://www.personuvernd.is' } },
  LI: { name: 'Liechtenstein', authority: { name: 'Datenschutzstelle Liechtenstein', url: 'https://www.datenschutzstelle.li' } },
  NO: { name: 'Norway', authority: { name: 'Datatilsynet', url: 'https://www.datatilsynet.no' } },
};

export const UK_AUTHORITY: Authority = { name: 'Information Commissioner’s Office (ICO)', url: 'https://ico.org.uk' };
export const SWISS_AUTHORITY: Authority = { name: 'Eidgenössischer Datenschutz- und Öffentlichkeitsbeauftragter (EDÖB / FDPIC)', url: 'https://www.edoeb.admin.ch' };

/** The authorities of the German Länder for companies, by code, with the names an owner may write. */
export const GERMAN_LAENDER: Record<string, { names: string[]; authority: Authority }> = {
  BW: { names: ['Baden-Württemberg'], authority: { name: 'Landesbeauftragter für den Datenschutz und die Informationsfreiheit Baden-Württemberg', url: 'https://www.baden-wuerttemberg.datenschutz.de' } },
  BY: { names: ['Bayern', 'Bavaria'], authority: { name: 'Bayerisches Landesamt für Datenschutzaufsicht (BayLDA)', url: 'https://www.lda.bayern.de' } },
  BE: { names: ['Berlin'], authority: { name: 'Berliner Beauftragte für Datenschutz und Informationsfreiheit', url: 'https://www.datenschutz-berlin.de' } },
  BB: { names: ['Brandenburg'], authority: { name: 'Landesbeauftragte für den Datenschutz und für das Recht auf Akteneinsicht Brandenburg', url: 'https://www.lda.brandenburg.de' } },
  HB: { names: ['Bremen'], authority: { name: 'Landesbeauftragte für Datenschutz und Informationsfreiheit der Freien Hansestadt Bremen', url: 'https://www.datenschutz.bremen.de' } },
  HH: { names: ['Hamburg'], authority: { name: 'Hamburgischer Beauftragter für Datenschutz und Informationsfreiheit', url: 'https://datenschutz-hamburg.de' } },
  HE: { names: ['Hessen', 'Hesse'], authority: { name: 'Hessischer Beauftragter für Datenschutz und Informationsfreiheit', url: 'https://datenschutz.hessen.de' } },
  MV: { names: ['Mecklenburg-Vorpommern', 'Mecklenburg-Western Pomerania'], authority: { name: 'Landesbeauftragter für Datenschutz und Informationsfreiheit Mecklenburg-Vorpommern', url: 'https://www.datenschutz-mv.de' } },
  NI: { names: ['Niedersachsen', 'Lower Saxony'], authority: { name: 'Landesbeauftragte für den Datenschutz Niedersachsen', url: 'https://www.lfd.niedersachsen.de' } },
  NW: { names: ['Nordrhein-Westfalen', 'North Rhine-Westphalia', 'NRW'], authority: { name: 'Landesbeauftragte für Datenschutz und Informationsfreiheit Nordrhein-Westfalen', url: 'https://www.ldi.nrw.de' } },
  RP: { names: ['Rheinland-Pfalz', 'Rhineland-Palatinate'], authority: { name: 'Landesbeauftragter für den Datenschutz und die Informationsfreiheit Rheinland-Pfalz', url: 'https://www.datenschutz.rlp.de' } },
  SL: { names: ['Saarland'], authority: { name: 'Unabhängiges Datenschutzzentrum Saarland', url: 'https://www.datenschutz.saarland.de' } },
  SN: { names: ['Sachsen', 'Saxony'], authority: { name: 'Sächsische Datenschutz- und Transparenzbeauftragte', url: 'https://www.datenschutz.sachsen.de' } },
  ST: { names: ['Sachsen-Anhalt', 'Saxony-Anhalt'], authority: { name: 'Landesbeauftragter für den Datenschutz Sachsen-Anhalt', url: 'https://datenschutz.sachsen-anhalt.de' } },
  SH: { names: ['Schleswig-Holstein'], authority: { name: 'Unabhängiges Landeszentrum für Datenschutz Schleswig-Holstein (ULD)', url: 'https://www.datenschutzzentrum.de' } },
  TH: { names: ['Thüringen', 'Thuringia'], authority: { name: 'Thüringer Landesbeauftragter für den Datenschutz und die Informationsfreiheit', url: 'https://www.tlfdi.de' } },
};

/** The German authorities' own list (Datenschutzkonferenz), for an owner who did not give the Land. */
export const DSK_LIST = 'https://www.datenschutzkonferenz-online.de/datenschutzaufsichtsbehoerden.html';

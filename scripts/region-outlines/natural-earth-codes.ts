/**
 * Natural Earth's admin-1 units of the four countries, by their HASC code, mapped to Sentiero's
 * seeded regions (`packages/db/src/seed/regions.ts`, by slug). Natural Earth divides Italy into
 * provinces, Spain into provinces (coded by their autonomous community) and Slovenia into
 * municipalities (coded by their statistical region): the outlines merge them into the regions
 * Sentiero sells in. A unit mapped to `null` is drawn but has no region page.
 */
export type CountryCode = 'IT' | 'CH' | 'ES' | 'SI';

/** Italy: the provinces (Natural Earth's 110, with the Sardinian ones of 2005–2016) of each region. */
const ITALY: Record<string, string[]> = {
  piemonte: ['TO', 'BI', 'VC', 'VB', 'NO', 'AL', 'AT', 'CN'],
  'valle-d-aosta': ['AO'],
  lombardia: ['BG', 'SO', 'BS', 'MN', 'CR', 'LO', 'PV', 'MI', 'VA', 'CO', 'LC', 'MB'],
  'trentino-alto-adige': ['BZ', 'TN'],
  veneto: ['VE', 'RO', 'PD', 'VR', 'VI', 'TV', 'BL'],
  'friuli-venezia-giulia': ['UD', 'PN', 'GO', 'TS'],
  liguria: ['GE', 'SV', 'IM', 'SP'],
  'emilia-romagna': ['MO', 'RE', 'PR', 'PC', 'BO', 'FE', 'RA', 'FC', 'RN'],
  toscana: ['GR', 'LI', 'PI', 'MS', 'LU', 'PT', 'PO', 'FI', 'AR', 'SI'],
  umbria: ['PG', 'TR'],
  marche: ['AN', 'PU', 'MC', 'FM', 'AP'],
  lazio: ['RM', 'VT', 'RI', 'FR', 'LT'],
  abruzzo: ['PE', 'TE', 'AQ', 'CH'],
  molise: ['CB', 'IS'],
  campania: ['CE', 'NA', 'BN', 'AV', 'SA'],
  puglia: ['BA', 'FG', 'BT', 'BR', 'LE', 'TA'],
  basilicata: ['MT', 'PZ'],
  calabria: ['CS', 'KR', 'CZ', 'VV', 'RC'],
  sicilia: ['TP', 'PA', 'ME', 'EN', 'CT', 'SR', 'RG', 'CL', 'AG'],
  sardegna: ['CI', 'VS', 'OR', 'SS', 'OT', 'NU', 'OG', 'CA'],
};

/** Switzerland: Natural Earth's units are the cantons. */
const SWITZERLAND: Record<string, string> = {
  ZH: 'zurich',
  BE: 'bern',
  LU: 'luzern',
  UR: 'uri',
  SZ: 'schwyz',
  OW: 'obwalden',
  NW: 'nidwalden',
  GL: 'glarus',
  ZG: 'zug',
  FR: 'fribourg',
  SO: 'solothurn',
  BS: 'basel-stadt',
  BL: 'basel-landschaft',
  SH: 'schaffhausen',
  AR: 'appenzell-ausserrhoden',
  AI: 'appenzell-innerrhoden',
  SG: 'st-gallen',
  GR: 'graubunden',
  AG: 'aargau',
  TG: 'thurgau',
  TI: 'ticino',
  VD: 'vaud',
  VS: 'valais',
  NE: 'neuchatel',
  GE: 'geneve',
  JU: 'jura',
};

/** Spain: provinces carry their autonomous community's code. Ceuta and Melilla have no region page. */
const SPAIN: Record<string, string | null> = {
  AN: 'andalucia',
  AR: 'aragon',
  AS: 'asturias',
  PM: 'islas-baleares',
  CN: 'canarias',
  CB: 'cantabria',
  CL: 'castilla-y-leon',
  CM: 'castilla-la-mancha',
  CT: 'cataluna',
  VC: 'comunidad-valenciana',
  EX: 'extremadura',
  GA: 'galicia',
  MD: 'comunidad-de-madrid',
  MU: 'region-de-murcia',
  NA: 'navarra',
  PV: 'pais-vasco',
  LO: 'la-rioja',
  CE: null,
};

/**
 * Slovenia: municipalities carry the code of their region before the statistical regions of
 * 2015; the municipalities that changed region since (Natural Earth's spelling) are listed by name.
 */
const SLOVENIA: Record<string, string> = {
  LJ: 'osrednjeslovenska',
  SA: 'savinjska',
  KO: 'koroska',
  ZS: 'zasavska',
  GO: 'gorenjska',
  SP: 'goriska',
  JP: 'obalno-kraska',
  PM: 'pomurska',
  PD: 'podravska',
  NO: 'primorsko-notranjska',
  DO: 'jugovzhodna-slovenija',
  PS: 'posavska',
};

const SLOVENIA_MOVED: Record<string, string> = {
  Krsko: 'posavska', // coded without any region
  'Bistrica ob Sotli': 'posavska',
  Radece: 'posavska',
  Litija: 'zasavska',
  'Šmartno in Litiji': 'zasavska',
  Kocevje: 'jugovzhodna-slovenija',
  Ribnica: 'jugovzhodna-slovenija',
  Kostel: 'jugovzhodna-slovenija',
  Sodražica: 'jugovzhodna-slovenija',
  'Loški Potok': 'jugovzhodna-slovenija',
  Pivka: 'primorsko-notranjska',
  Postojna: 'primorsko-notranjska',
};

const ITALY_BY_PROVINCE = new Map(
  Object.entries(ITALY).flatMap(([slug, provinces]) => provinces.map((code) => [code, slug] as const)),
);

/**
 * The Sentiero region (slug) a Natural Earth unit belongs to, `null` for a unit drawn without a
 * region page, `undefined` for a unit left out (Natural Earth's nameless Spanish islets).
 * `name` settles the Slovenian municipalities whose region the code does not give.
 */
export function findRegionSlug(
  country: CountryCode,
  hasc: string,
  name: string | null,
): string | null | undefined {
  const [, unit = ''] = hasc.split('.');
  switch (country) {
    case 'IT':
      return ITALY_BY_PROVINCE.get(unit);
    case 'CH':
      return SWITZERLAND[unit];
    case 'ES':
      return SPAIN[unit];
    case 'SI':
      return (name && SLOVENIA_MOVED[name]) || SLOVENIA[unit];
  }
}

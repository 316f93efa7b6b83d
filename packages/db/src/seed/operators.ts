import type { OperatorKind } from '../schema/staff.ts';

export type SeedOperator = {
  slug: string;
  name: string;
  kind: OperatorKind;
  vatNumber: string | null;
  contactEmail: string;
  commissionBasisPoints: number;
  /** The slugs of the seeded areas it owns: every seeded area belongs to exactly one operator. */
  areas: readonly string[];
};

/**
 * The operators of the seeded areas (issue 23). Migration 0020 writes the same rows and gives
 * each existing area its operator; a fresh database's catalogue seed reads them from here.
 * Invented names, plausible for who runs such places.
 */
export const seedOperators: readonly SeedOperator[] = [
  {
    slug: 'unione-montana-appennino-ligure-emiliano',
    name: "Unione Montana dell'Appennino Ligure-Emiliano",
    kind: 'municipality',
    vatNumber: 'IT02871540347',
    contactEmail: 'permessi@unione-appennino.example',
    commissionBasisPoints: 800,
    areas: ['val-taro', 'val-d-aveto'],
  },
  {
    slug: 'comunita-montana-alpi-occidentali',
    name: 'Comunità Montana Alpi Occidentali',
    kind: 'municipality',
    vatNumber: 'IT01987650042',
    contactEmail: 'raccolta@cm-alpiovest.example',
    commissionBasisPoints: 800,
    areas: ['valle-stura', 'valsesia', 'altopiano-di-asiago'],
  },
  {
    slug: 'consorzio-valli-trentine',
    name: 'Consorzio Turistico Valli Trentine',
    kind: 'consortium',
    vatNumber: 'IT02233440228',
    contactEmail: 'info@vallitrentine.example',
    commissionBasisPoints: 1000,
    areas: ['val-di-sole', 'alto-garda'],
  },
  {
    slug: 'ente-parchi-appennino',
    name: "Ente Parchi dell'Appennino Centrale e Meridionale",
    kind: 'park',
    vatNumber: 'IT00912370515',
    contactEmail: 'visite@parchi-appennino.example',
    commissionBasisPoints: 700,
    areas: ['foreste-casentinesi', 'gran-sasso', 'valnerina', 'sila'],
  },
  {
    slug: 'parco-coste-e-delta',
    name: 'Ente Parco delle Coste e del Delta',
    kind: 'park',
    vatNumber: 'IT01544330388',
    contactEmail: 'accessi@costeedelta.example',
    commissionBasisPoints: 700,
    areas: ['delta-del-po', 'santuario-pelagos', 'golfo-di-orosei', 'litorale-di-nettuno'],
  },
  {
    slug: 'pescatori-del-trasimeno',
    name: 'Associazione Pescatori del Trasimeno',
    kind: 'association',
    vatNumber: null,
    contactEmail: 'licenze@pescatoritrasimeno.example',
    commissionBasisPoints: 600,
    areas: ['lago-trasimeno'],
  },
  {
    slug: 'acque-vive-guide',
    name: 'Acque Vive Rafting & Canyoning',
    kind: 'guide',
    vatNumber: 'IT03356780781',
    contactEmail: 'prenota@acquevive.example',
    commissionBasisPoints: 1200,
    areas: ['fiume-lao', 'sierra-de-guara', 'dolina-soce'],
  },
  {
    slug: 'alpine-gateways',
    name: 'Alpine Gateways AG',
    kind: 'company',
    vatNumber: 'CHE-114.382.907',
    contactEmail: 'partners@alpinegateways.example',
    commissionBasisPoints: 1500,
    areas: ['ticino-valle-verzasca', 'engadina', 'interlaken-jungfrau'],
  },
  {
    slug: 'mancomunidad-pinares-y-estrecho',
    name: 'Mancomunidad de Montes Pinares y Estrecho',
    kind: 'municipality',
    vatNumber: 'ESP4200031J',
    contactEmail: 'permisos@pinaresyestrecho.example',
    commissionBasisPoints: 800,
    areas: ['pinares-de-soria', 'estrecho-de-gibraltar'],
  },
  {
    slug: 'zavod-julijske-alpe',
    name: 'Zavod Julijske Alpe in Kočevsko',
    kind: 'consortium',
    vatNumber: 'SI47382915',
    contactEmail: 'dovolilnice@julijske-alpe.example',
    commissionBasisPoints: 1000,
    areas: ['bohinj', 'kocevsko'],
  },
];

/** The operator of a seeded area. */
export function seedOperatorOfArea(areaSlug: string): string {
  const operator = seedOperators.find((candidate) => candidate.areas.includes(areaSlug));
  if (!operator) throw new Error(`Seed data gives no operator to the area ${areaSlug}`);
  return operator.slug;
}

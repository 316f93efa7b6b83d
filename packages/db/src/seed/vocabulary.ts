import type { SeedActivityType, SeedServiceTag } from './types.ts';

/** Activity types, in catalogue order. Icons are lucide-react names (kebab-case). */
export const seedActivityTypes: readonly SeedActivityType[] = [
  {
    slug: 'mushroom-foraging',
    icon: 'sprout',
    name: {
      it: 'Raccolta funghi',
      en: 'Mushroom foraging',
      es: 'Recolección de setas',
      de: 'Pilze sammeln',
      sl: 'Nabiranje gob',
    },
  },
  {
    slug: 'truffle-hunting',
    icon: 'dog',
    name: {
      it: 'Ricerca tartufi',
      en: 'Truffle hunting',
      es: 'Búsqueda de trufas',
      de: 'Trüffelsuche',
      sl: 'Iskanje tartufov',
    },
  },
  {
    slug: 'fishing',
    icon: 'fish',
    name: { it: 'Pesca', en: 'Fishing', es: 'Pesca', de: 'Angeln', sl: 'Ribolov' },
  },
  {
    slug: 'cross-country-skiing',
    icon: 'snowflake',
    name: {
      it: 'Sci di fondo',
      en: 'Cross-country skiing',
      es: 'Esquí de fondo',
      de: 'Langlauf',
      sl: 'Tek na smučeh',
    },
  },
  {
    slug: 'snowshoeing',
    icon: 'mountain-snow',
    name: {
      it: 'Ciaspolate',
      en: 'Snowshoeing',
      es: 'Raquetas de nieve',
      de: 'Schneeschuhwandern',
      sl: 'Pohodi s krpljami',
    },
  },
  {
    slug: 'trekking',
    icon: 'footprints',
    name: { it: 'Trekking', en: 'Hiking', es: 'Senderismo', de: 'Wandern', sl: 'Pohodništvo' },
  },
  {
    slug: 'via-ferrata',
    icon: 'mountain',
    name: { it: 'Via ferrata', en: 'Via ferrata', es: 'Vía ferrata', de: 'Klettersteig', sl: 'Ferata' },
  },
  {
    slug: 'kayak',
    icon: 'kayak',
    name: { it: 'Kayak', en: 'Kayaking', es: 'Kayak', de: 'Kajak', sl: 'Kajak' },
  },
  {
    slug: 'canoe',
    icon: 'waves-horizontal',
    name: { it: 'Canoa', en: 'Canoeing', es: 'Canoa', de: 'Kanu', sl: 'Kanu' },
  },
  {
    slug: 'boat',
    icon: 'ship',
    name: {
      it: 'Escursioni in barca',
      en: 'Boat trips',
      es: 'Paseos en barco',
      de: 'Bootsausflüge',
      sl: 'Izleti z ladjo',
    },
  },
  {
    slug: 'rafting',
    icon: 'waves',
    name: { it: 'Rafting', en: 'Rafting', es: 'Rafting', de: 'Rafting', sl: 'Rafting' },
  },
  {
    slug: 'windsurf',
    icon: 'wind',
    name: {
      it: 'Windsurf',
      en: 'Windsurfing',
      es: 'Windsurf',
      de: 'Windsurfen',
      sl: 'Jadranje na deski',
    },
  },
  {
    // lucide has no parachute icon: a plane stands for the jump flight.
    slug: 'parachuting',
    icon: 'plane',
    name: {
      it: 'Paracadutismo',
      en: 'Skydiving',
      es: 'Paracaidismo',
      de: 'Fallschirmspringen',
      sl: 'Padalstvo',
    },
  },
  {
    slug: 'canyoning',
    icon: 'droplets',
    name: { it: 'Canyoning', en: 'Canyoning', es: 'Barranquismo', de: 'Canyoning', sl: 'Soteskanje' },
  },
  {
    slug: 'whale-watching',
    icon: 'binoculars',
    name: {
      it: 'Whale watching',
      en: 'Whale watching',
      es: 'Avistamiento de cetáceos',
      de: 'Walbeobachtung',
      sl: 'Opazovanje kitov',
    },
  },
  {
    slug: 'wildlife-watching',
    icon: 'paw-print',
    name: {
      it: 'Osservazione della fauna',
      en: 'Wildlife watching',
      es: 'Observación de fauna',
      de: 'Tierbeobachtung',
      sl: 'Opazovanje živali',
    },
  },
];

/** What a ticket includes or allows, shown as tags on ticket pages. */
export const seedServiceTags: readonly SeedServiceTag[] = [
  { slug: 'guide', name: { it: 'Guida', en: 'Guide', es: 'Guía', de: 'Führung', sl: 'Vodnik' } },
  {
    slug: 'instructor',
    name: { it: 'Istruttore', en: 'Instructor', es: 'Monitor', de: 'Kursleitung', sl: 'Inštruktor' },
  },
  {
    slug: 'equipment',
    name: { it: 'Attrezzatura', en: 'Equipment', es: 'Material', de: 'Ausrüstung', sl: 'Oprema' },
  },
  {
    slug: 'wetsuit',
    name: {
      it: 'Muta',
      en: 'Wetsuit',
      es: 'Neopreno',
      de: 'Neoprenanzug',
      sl: 'Neoprenska obleka',
    },
  },
  {
    slug: 'insurance',
    name: {
      it: 'Assicurazione',
      en: 'Insurance',
      es: 'Seguro',
      de: 'Versicherung',
      sl: 'Zavarovanje',
    },
  },
  {
    slug: 'transport',
    name: { it: 'Trasporto', en: 'Transport', es: 'Transporte', de: 'Transfer', sl: 'Prevoz' },
  },
  { slug: 'photos', name: { it: 'Foto', en: 'Photos', es: 'Fotos', de: 'Fotos', sl: 'Fotografije' } },
  { slug: 'meal', name: { it: 'Pasto', en: 'Meal', es: 'Comida', de: 'Mahlzeit', sl: 'Obrok' } },
  {
    slug: 'parking',
    name: { it: 'Parcheggio', en: 'Parking', es: 'Aparcamiento', de: 'Parkplatz', sl: 'Parkirišče' },
  },
  { slug: 'map', name: { it: 'Cartina', en: 'Map', es: 'Mapa', de: 'Karte', sl: 'Zemljevid' } },
  {
    slug: 'changing-rooms',
    name: {
      it: 'Spogliatoi',
      en: 'Changing rooms',
      es: 'Vestuarios',
      de: 'Umkleiden',
      sl: 'Slačilnice',
    },
  },
  {
    slug: 'dogs-allowed',
    name: {
      it: 'Cani ammessi',
      en: 'Dogs allowed',
      es: 'Se admiten perros',
      de: 'Hunde erlaubt',
      sl: 'Psi dovoljeni',
    },
  },
  {
    slug: 'accessible',
    name: {
      it: 'Accessibile',
      en: 'Accessible',
      es: 'Accesible',
      de: 'Barrierefrei',
      sl: 'Dostopno invalidom',
    },
  },
  {
    slug: 'certificate',
    name: { it: 'Attestato', en: 'Certificate', es: 'Certificado', de: 'Zertifikat', sl: 'Potrdilo' },
  },
];

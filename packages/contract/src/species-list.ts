import type { LocalizedText } from './languages.ts';

/**
 * The mushrooms a member can name in the finds map and the notebook (issue 15): the common edible
 * species of Italian and Alpine woods, and the dangerous species each is mistaken for. Written
 * from general mycological knowledge for Sentiero; the list only names species, it never says
 * that a mushroom is safe to eat (only a mycological inspectorate can).
 *
 * Plain data without zod, so the web's bundle can carry it (ADR 004).
 */
export type Edibility = 'edible' | 'toxic' | 'deadly';

export type Species = {
  /** Stable code, stored with finds and notebook entries: the Latin name in kebab-case. */
  code: string;
  latin: string;
  names: LocalizedText;
  edibility: Edibility;
  /** Dangerous species this one is mistaken for (declared on the edible side; see `lookalikesOf`). */
  lookalikes: readonly string[];
};

const edible = (code: string, latin: string, names: LocalizedText, lookalikes: readonly string[] = []) =>
  ({ code, latin, names, edibility: 'edible', lookalikes }) as const;
const dangerous = (code: string, latin: string, names: LocalizedText, edibility: 'toxic' | 'deadly') =>
  ({ code, latin, names, edibility, lookalikes: [] as readonly string[] }) as const;

export const SPECIES = [
  edible(
    'boletus-edulis',
    'Boletus edulis',
    { it: 'Porcino', en: 'Penny bun (cep)', es: 'Boleto comestible', de: 'Steinpilz', sl: 'Jurček' },
    ['rubroboletus-satanas'],
  ),
  edible(
    'boletus-aereus',
    'Boletus aereus',
    {
      it: 'Porcino nero',
      en: 'Bronze bolete',
      es: 'Boleto negro',
      de: 'Schwarzhütiger Steinpilz',
      sl: 'Bronasti jurček',
    },
    ['rubroboletus-satanas'],
  ),
  edible(
    'boletus-pinophilus',
    'Boletus pinophilus',
    {
      it: 'Porcino rosso',
      en: 'Pine bolete',
      es: 'Boleto de pino',
      de: 'Kiefern-Steinpilz',
      sl: 'Borov jurček',
    },
    ['rubroboletus-satanas'],
  ),
  edible(
    'boletus-reticulatus',
    'Boletus reticulatus',
    {
      it: 'Porcino estivo',
      en: 'Summer cep',
      es: 'Boleto reticulado',
      de: 'Sommer-Steinpilz',
      sl: 'Poletni jurček',
    },
    ['rubroboletus-satanas'],
  ),
  edible('leccinum-scabrum', 'Leccinum scabrum', {
    it: 'Porcinello',
    en: 'Birch bolete',
    es: 'Boleto de abedul',
    de: 'Birkenpilz',
    sl: 'Brezov turek',
  }),
  edible('suillus-luteus', 'Suillus luteus', {
    it: 'Pinarolo',
    en: 'Slippery jack',
    es: 'Boleto anillado',
    de: 'Butterpilz',
    sl: 'Obročkasta maslenka',
  }),
  edible(
    'cantharellus-cibarius',
    'Cantharellus cibarius',
    { it: 'Gallinaccio (finferlo)', en: 'Chanterelle', es: 'Rebozuelo', de: 'Pfifferling', sl: 'Lisička' },
    ['hygrophoropsis-aurantiaca', 'omphalotus-olearius', 'cortinarius-orellanus'],
  ),
  edible('craterellus-cornucopioides', 'Craterellus cornucopioides', {
    it: 'Trombetta dei morti',
    en: 'Horn of plenty',
    es: 'Trompeta de los muertos',
    de: 'Herbsttrompete',
    sl: 'Črna trobenta',
  }),
  edible('hydnum-repandum', 'Hydnum repandum', {
    it: 'Steccherino dorato',
    en: 'Hedgehog mushroom',
    es: 'Lengua de vaca',
    de: 'Semmel-Stoppelpilz',
    sl: 'Rumeni ježek',
  }),
  edible(
    'macrolepiota-procera',
    'Macrolepiota procera',
    {
      it: 'Mazza di tamburo',
      en: 'Parasol mushroom',
      es: 'Parasol (galamperna)',
      de: 'Parasol (Riesenschirmling)',
      sl: 'Orjaški dežnik',
    },
    ['lepiota-brunneoincarnata', 'amanita-pantherina'],
  ),
  edible(
    'amanita-caesarea',
    'Amanita caesarea',
    { it: 'Ovolo buono', en: "Caesar's mushroom", es: 'Oronja', de: 'Kaiserling', sl: 'Knežja mušnica' },
    ['amanita-muscaria', 'amanita-phalloides'],
  ),
  edible(
    'armillaria-mellea',
    'Armillaria mellea',
    { it: 'Chiodino', en: 'Honey fungus', es: 'Armilaria de miel', de: 'Hallimasch', sl: 'Mraznica' },
    ['galerina-marginata', 'hypholoma-fasciculare'],
  ),
  edible(
    'morchella-esculenta',
    'Morchella esculenta',
    { it: 'Spugnola', en: 'Morel', es: 'Colmenilla', de: 'Speisemorchel', sl: 'Užitni smrček' },
    ['gyromitra-esculenta'],
  ),
  edible(
    'lactarius-deliciosus',
    'Lactarius deliciosus',
    {
      it: 'Sanguinello',
      en: 'Saffron milk cap',
      es: 'Níscalo',
      de: 'Echter Reizker',
      sl: 'Užitna sirovka',
    },
    ['lactarius-torminosus'],
  ),
  edible(
    'russula-cyanoxantha',
    'Russula cyanoxantha',
    {
      it: 'Colombina maggiore',
      en: 'Charcoal burner',
      es: 'Carbonera',
      de: 'Frauentäubling',
      sl: 'Modrozelena golobica',
    },
    ['amanita-phalloides'],
  ),
  edible(
    'russula-virescens',
    'Russula virescens',
    {
      it: 'Colombina verde',
      en: 'Green-cracking russula',
      es: 'Gorro verde',
      de: 'Grüngefelderter Täubling',
      sl: 'Zelena golobica',
    },
    ['amanita-phalloides'],
  ),
  edible(
    'pleurotus-ostreatus',
    'Pleurotus ostreatus',
    {
      it: 'Orecchione (gelone)',
      en: 'Oyster mushroom',
      es: 'Seta de ostra',
      de: 'Austern-Seitling',
      sl: 'Bukov ostrigar',
    },
    ['omphalotus-olearius'],
  ),
  edible(
    'agaricus-campestris',
    'Agaricus campestris',
    {
      it: 'Prataiolo',
      en: 'Field mushroom',
      es: 'Champiñón silvestre',
      de: 'Wiesen-Champignon',
      sl: 'Travniški kukmak',
    },
    ['amanita-phalloides', 'amanita-verna', 'amanita-virosa', 'agaricus-xanthodermus'],
  ),
  edible(
    'calocybe-gambosa',
    'Calocybe gambosa',
    { it: 'Prugnolo', en: "St George's mushroom", es: 'Perrechico', de: 'Mai-Ritterling', sl: 'Jurjevka' },
    ['inocybe-erubescens', 'entoloma-sinuatum', 'amanita-verna'],
  ),
  edible('lepista-nuda', 'Lepista nuda', {
    it: 'Agarico violetto',
    en: 'Wood blewit',
    es: 'Pie azul',
    de: 'Violetter Rötelritterling',
    sl: 'Vijoličasta kolobarnica',
  }),
  edible('coprinus-comatus', 'Coprinus comatus', {
    it: 'Coprino chiomato',
    en: 'Shaggy ink cap',
    es: 'Barbuda',
    de: 'Schopf-Tintling',
    sl: 'Bela tintnica',
  }),
  edible('laetiporus-sulphureus', 'Laetiporus sulphureus', {
    it: 'Poliporo sulfureo',
    en: 'Chicken of the woods',
    es: 'Políporo azufrado',
    de: 'Schwefelporling',
    sl: 'Žveplasti lepoškatec',
  }),
  edible('sparassis-crispa', 'Sparassis crispa', {
    it: 'Sparassi (fungo cavolfiore)',
    en: 'Cauliflower fungus',
    es: 'Seta coliflor',
    de: 'Krause Glucke',
    sl: 'Kodrasti grivasti',
  }),
  edible('calvatia-gigantea', 'Calvatia gigantea', {
    it: 'Vescia gigante',
    en: 'Giant puffball',
    es: 'Bejín gigante',
    de: 'Riesenbovist',
    sl: 'Orjaška prašnica',
  }),
  dangerous(
    'amanita-phalloides',
    'Amanita phalloides',
    {
      it: 'Tignosa verdognola',
      en: 'Death cap',
      es: 'Oronja verde',
      de: 'Grüner Knollenblätterpilz',
      sl: 'Zelena mušnica',
    },
    'deadly',
  ),
  dangerous(
    'amanita-verna',
    'Amanita verna',
    {
      it: 'Tignosa primaverile',
      en: "Fool's mushroom",
      es: 'Amanita primaveral',
      de: 'Frühlings-Knollenblätterpilz',
      sl: 'Pomladanska mušnica',
    },
    'deadly',
  ),
  dangerous(
    'amanita-virosa',
    'Amanita virosa',
    {
      it: 'Tignosa bianca',
      en: 'Destroying angel',
      es: 'Ángel destructor',
      de: 'Kegelhütiger Knollenblätterpilz',
      sl: 'Bela mušnica',
    },
    'deadly',
  ),
  dangerous(
    'amanita-muscaria',
    'Amanita muscaria',
    { it: 'Ovolo malefico', en: 'Fly agaric', es: 'Matamoscas', de: 'Fliegenpilz', sl: 'Rdeča mušnica' },
    'toxic',
  ),
  dangerous(
    'amanita-pantherina',
    'Amanita pantherina',
    {
      it: 'Tignosa bruna (panterina)',
      en: 'Panther cap',
      es: 'Amanita pantera',
      de: 'Pantherpilz',
      sl: 'Panterjeva mušnica',
    },
    'toxic',
  ),
  dangerous(
    'lepiota-brunneoincarnata',
    'Lepiota brunneoincarnata',
    {
      it: 'Lepiota bruno-incarnata',
      en: 'Deadly dapperling',
      es: 'Lepiota mortal',
      de: 'Fleischbräunlicher Schirmling',
      sl: 'Rjavordeči dežniček',
    },
    'deadly',
  ),
  dangerous(
    'galerina-marginata',
    'Galerina marginata',
    {
      it: 'Galerina marginata',
      en: 'Funeral bell',
      es: 'Galerina marginada',
      de: 'Gifthäubling',
      sl: 'Obrobljena kučmica',
    },
    'deadly',
  ),
  dangerous(
    'cortinarius-orellanus',
    'Cortinarius orellanus',
    {
      it: 'Cortinario orellano',
      en: "Fool's webcap",
      es: 'Cortinario orellano',
      de: 'Orangefuchsiger Raukopf',
      sl: 'Rdečerjava koprenka',
    },
    'deadly',
  ),
  dangerous(
    'gyromitra-esculenta',
    'Gyromitra esculenta',
    {
      it: 'Falsa spugnola',
      en: 'False morel',
      es: 'Falsa colmenilla',
      de: 'Frühjahrs-Giftlorchel',
      sl: 'Pomladanski hrček',
    },
    'deadly',
  ),
  dangerous(
    'rubroboletus-satanas',
    'Rubroboletus satanas',
    {
      it: 'Boleto satana',
      en: "Satan's bolete",
      es: 'Boleto de Satanás',
      de: 'Satansröhrling',
      sl: 'Satanov goban',
    },
    'toxic',
  ),
  dangerous(
    'omphalotus-olearius',
    'Omphalotus olearius',
    {
      it: "Fungo dell'olivo",
      en: "Jack-o'-lantern mushroom",
      es: 'Seta de olivo',
      de: 'Ölbaum-Trichterling',
      sl: 'Oljkov livkar',
    },
    'toxic',
  ),
  dangerous(
    'hygrophoropsis-aurantiaca',
    'Hygrophoropsis aurantiaca',
    {
      it: 'Falso gallinaccio',
      en: 'False chanterelle',
      es: 'Falso rebozuelo',
      de: 'Falscher Pfifferling',
      sl: 'Lažna lisička',
    },
    'toxic',
  ),
  dangerous(
    'hypholoma-fasciculare',
    'Hypholoma fasciculare',
    {
      it: 'Falso chiodino',
      en: 'Sulphur tuft',
      es: 'Hifoloma de láminas verdes',
      de: 'Grünblättriger Schwefelkopf',
      sl: 'Žveplenorumena čeladica',
    },
    'toxic',
  ),
  dangerous(
    'lactarius-torminosus',
    'Lactarius torminosus',
    {
      it: 'Lattario torminoso',
      en: 'Woolly milkcap',
      es: 'Lactario torminoso',
      de: 'Birken-Reizker',
      sl: 'Puhasta mlečnica',
    },
    'toxic',
  ),
  dangerous(
    'agaricus-xanthodermus',
    'Agaricus xanthodermus',
    {
      it: 'Prataiolo malefico',
      en: 'Yellow stainer',
      es: 'Champiñón amarilleante',
      de: 'Karbol-Egerling',
      sl: 'Karbolni kukmak',
    },
    'toxic',
  ),
  dangerous(
    'entoloma-sinuatum',
    'Entoloma sinuatum',
    {
      it: 'Entoloma livido',
      en: 'Livid pinkgill',
      es: 'Entoloma lívido',
      de: 'Riesen-Rötling',
      sl: 'Velika rdečelistka',
    },
    'toxic',
  ),
  dangerous(
    'inocybe-erubescens',
    'Inocybe erubescens',
    {
      it: 'Inocibe di Patouillard',
      en: 'Deadly fibrecap',
      es: 'Inocibe de Patouillard',
      de: 'Ziegelroter Risspilz',
      sl: 'Opečnata razcepljenka',
    },
    'toxic',
  ),
] as const satisfies readonly Species[];

import type { GuideSafety } from '@sentiero/contract/guides';
import type { Language } from '@sentiero/contract/languages';

/** The title of the species cards in the table of contents. */
export const SPECIES_HEADING: Record<Language, string> = {
  it: 'Specie e sosia',
  en: 'Species and look-alikes',
  es: 'Especies y confusiones',
  de: 'Arten und Doppelgänger',
  sl: 'Vrste in podobne vrste',
};

/**
 * The boxed warning of every foraging guide, in every answer (sample or full). The numbers are
 * the public emergency and poison-information lines of the four countries Sentiero sells in.
 */
export const FORAGING_SAFETY: Record<Language, GuideSafety> = {
  it: {
    title: 'Prima di mangiare un fungo',
    points: [
      'Nessuna guida, foto o app sostituisce il controllo di un micologo: fai esaminare ogni raccolta prima di cucinarla.',
      "In Italia il controllo è gratuito all'Ispettorato Micologico dell'ASL: giorni e orari sono sul sito dell'ASL della zona. In Svizzera rivolgiti ai controllori ufficiali dei funghi del comune, in Slovenia alle società micologiche (gobarska društva), in Spagna alle società micologiche e ai servizi sanitari della comunità autonoma.",
      "Nel dubbio, non mangiarlo. Le «prove» con l'aglio, il cucchiaino d'argento o il prezzemolo non dicono nulla, e nessun fungo va assaggiato crudo.",
      'Se dopo un pasto di funghi compaiono nausea, vomito, diarrea o malessere, anche dopo molte ore, chiama subito il 112 o un Centro Antiveleni (in Svizzera Tox Info Suisse, 145; in Spagna il Servicio de Información Toxicológica, 91 562 04 20) e porta con te avanzi e scarti dei funghi.',
    ],
  },
  en: {
    title: 'Before you eat any mushroom',
    points: [
      'No guide, photo or app replaces an inspection by a mycologist: have every harvest checked before you cook it.',
      "In Italy the check is free at the local health authority's mycological inspectorate (ASL Ispettorato Micologico): days and hours are on the local ASL's website. In Switzerland ask the municipality's official mushroom inspectors, in Slovenia the mushroom societies (gobarska društva), in Spain the mycological societies and the regional health services.",
      'In doubt, do not eat it. Tests with garlic, a silver spoon or parsley prove nothing, and no mushroom should be tasted raw.',
      'If nausea, vomiting, diarrhoea or feeling unwell follow a meal of mushrooms, even many hours later, call 112 or a poison centre at once (in Italy a Centro Antiveleni; in Switzerland Tox Info Suisse, 145; in Spain the Servicio de Información Toxicológica, 91 562 04 20) and take the leftovers and trimmings with you.',
    ],
  },
  es: {
    title: 'Antes de comer cualquier seta',
    points: [
      'Ninguna guía, foto o aplicación sustituye el examen de un micólogo: haz revisar cada recolección antes de cocinarla.',
      'En Italia el control es gratuito en la inspección micológica de la autoridad sanitaria local (ASL, Ispettorato Micologico): los días y horarios están en la web de la ASL de la zona. En Suiza acude a los inspectores oficiales de setas del municipio, en Eslovenia a las sociedades micológicas (gobarska društva), en España a las sociedades micológicas y a los servicios de salud de la comunidad autónoma.',
      'Ante la duda, no te la comas. Las «pruebas» del ajo, la cuchara de plata o el perejil no demuestran nada, y ninguna seta se prueba cruda.',
      'Si tras una comida de setas aparecen náuseas, vómitos, diarrea o malestar, aunque sea muchas horas después, llama enseguida al 112 o a un centro de toxicología (en España el Servicio de Información Toxicológica, 91 562 04 20; en Italia un Centro Antiveleni; en Suiza Tox Info Suisse, 145) y lleva contigo las sobras y los restos de las setas.',
    ],
  },
  de: {
    title: 'Bevor Sie einen Pilz essen',
    points: [
      'Kein Ratgeber, kein Foto und keine App ersetzt die Kontrolle durch eine Pilzsachverständige oder einen Pilzsachverständigen: Lassen Sie jeden Fund prüfen, bevor Sie ihn kochen.',
      'In Italien prüft die Pilzberatungsstelle der örtlichen Gesundheitsbehörde (ASL, Ispettorato Micologico) kostenlos; Tage und Zeiten stehen auf der Website der zuständigen ASL. In der Schweiz helfen die amtlichen Pilzkontrolleure der Gemeinde, in Slowenien die Pilzvereine (gobarska društva), in Spanien die mykologischen Vereine und die Gesundheitsdienste der Region.',
      'Im Zweifel nicht essen. «Tests» mit Knoblauch, einem Silberlöffel oder Petersilie beweisen nichts, und kein Pilz wird roh probiert.',
      'Wenn nach einer Pilzmahlzeit Übelkeit, Erbrechen, Durchfall oder Unwohlsein auftreten, auch viele Stunden später: sofort 112 oder eine Giftnotrufzentrale anrufen (in der Schweiz Tox Info Suisse, 145; in Italien ein Centro Antiveleni; in Spanien der Servicio de Información Toxicológica, 91 562 04 20) und Reste und Putzabfälle der Pilze mitnehmen.',
    ],
  },
  sl: {
    title: 'Preden poješ katero koli gobo',
    points: [
      'Noben vodnik, fotografija ali aplikacija ne nadomesti pregleda pri gobarskem strokovnjaku: vsako nabrano gobo daj pregledati, preden jo skuhaš.',
      'V Italiji je pregled brezplačen pri mikološki inšpekciji lokalne zdravstvene uprave (ASL, Ispettorato Micologico); dneve in ure najdeš na spletni strani ASL v kraju. V Sloveniji se obrni na gobarska društva, v Švici na uradne kontrolorje gob v občini, v Španiji na mikološka društva in zdravstvene službe avtonomne skupnosti.',
      'Če dvomiš, gobe ne jej. »Preizkusi« s česnom, srebrno žličko ali peteršiljem ne dokazujejo ničesar, nobene gobe pa ne pokušaj surove.',
      'Če se po obroku gob pojavijo slabost, bruhanje, driska ali slabo počutje, tudi po mnogih urah, takoj pokliči 112 ali center za zastrupitve (v Švici Tox Info Suisse, 145; v Italiji Centro Antiveleni; v Španiji Servicio de Información Toxicológica, 91 562 04 20) in s seboj vzemi ostanke in odpadke gob.',
    ],
  },
};

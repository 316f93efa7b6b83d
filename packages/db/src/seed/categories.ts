import type { LocalizedText } from '@sentiero/contract/languages';

export type SeedCategory = { id: number; slug: string; name: LocalizedText };

/** SPEC section 2 fixes these ids: they appear in `/categories/{categoryId}` links. */
export const seedCategories: readonly SeedCategory[] = [
  {
    id: 16,
    slug: 'adventure',
    name: { it: 'Avventura', en: 'Adventure', es: 'Aventura', de: 'Abenteuer', sl: 'Pustolovščina' },
  },
  {
    id: 17,
    slug: 'for-couples',
    name: { it: 'Per coppie', en: 'For couples', es: 'Para parejas', de: 'Für Paare', sl: 'Za pare' },
  },
  {
    id: 18,
    slug: 'living-nature',
    name: {
      it: 'Natura viva',
      en: 'Living nature',
      es: 'Naturaleza viva',
      de: 'Lebendige Natur',
      sl: 'Živa narava',
    },
  },
  {
    id: 19,
    slug: 'courses-and-lessons',
    name: {
      it: 'Corsi e lezioni',
      en: 'Courses and lessons',
      es: 'Cursos y clases',
      de: 'Kurse und Unterricht',
      sl: 'Tečaji in učne ure',
    },
  },
];

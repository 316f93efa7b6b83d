import type { Guide } from '@sentiero/contract/guides';

const names = (name: string) => ({ it: name, en: name, es: name, de: name, sl: name });

/** A guide as the API answers it: `full` for a Sentiero+ member, the sample otherwise. */
export function testGuide({ full, slug = 'death-cap' }: { full: boolean; slug?: string }): Guide {
  return {
    slug,
    title: 'The death cap',
    summary: 'What kills, and what it is mistaken for.',
    category: 'foraging',
    reading_minutes: 5,
    premium: true,
    full,
    toc: [
      { id: 'recognise', title: 'Recognising it', locked: false },
      { id: 'species', title: 'Species and look-alikes', locked: !full },
      { id: 'poisoning', title: 'The symptoms and what to do', locked: !full },
    ],
    sections: [
      { id: 'recognise', title: 'Recognising it', body: 'Look at the **whole** mushroom.' },
      ...(full ? [{ id: 'poisoning', title: 'The symptoms and what to do', body: 'Call 112 at once.' }] : []),
    ],
    species: full
      ? [
          {
            id: 'amanita-phalloides',
            latin: 'Amanita phalloides',
            name: 'Death cap',
            names: names('Death cap'),
            rating: 'deadly',
            description: 'Olive cap, white gills, ring and volva.',
            look_alikes: [
              {
                latin: 'Russula virescens',
                name: 'Green-cracking russula',
                names: names('Green-cracking russula'),
                rating: 'edible',
                how_to_tell: 'No ring, no volva.',
              },
            ],
          },
        ]
      : [],
    species_after: 'recognise',
    safety: { title: 'Before you eat any mushroom', points: ['No guide replaces a mycologist.'] },
    revision: full ? 'rev-full' : 'rev-sample',
  };
}

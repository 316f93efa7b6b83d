import type { GuideOutline } from '../types.ts';

export const outline: GuideOutline = {
  slug: 'lake-fishing',
  category: 'fishing',
  sections: ['lake-basics', 'rules', 'techniques', 'safety-water'],
  sampleSections: 1,
  speciesAfter: 'rules',
  species: [
    {
      id: 'perca-fluviatilis',
      latin: 'Perca fluviatilis',
      names: {
        it: 'Pesce persico',
        en: 'European perch',
        es: 'Perca europea',
        de: 'Flussbarsch (Egli)',
        sl: 'Navadni ostriž',
      },
      rating: 'catchable',
      lookAlikes: [
        {
          id: 'sander-lucioperca',
          latin: 'Sander lucioperca',
          names: { it: 'Lucioperca', en: 'Zander', es: 'Lucioperca', de: 'Zander', sl: 'Smuč' },
          rating: 'catchable',
        },
      ],
    },
    {
      id: 'esox-lucius',
      latin: 'Esox lucius',
      names: { it: 'Luccio', en: 'Northern pike', es: 'Lucio', de: 'Hecht', sl: 'Ščuka' },
      rating: 'catchable',
      lookAlikes: [],
    },
    {
      id: 'coregonus-lavaretus',
      latin: 'Coregonus lavaretus',
      names: {
        it: 'Coregone (lavarello)',
        en: 'Common whitefish',
        es: 'Corégono',
        de: 'Felchen (Renke)',
        sl: 'Ozimica',
      },
      rating: 'catchable',
      lookAlikes: [],
    },
  ],
};

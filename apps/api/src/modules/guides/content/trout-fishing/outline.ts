import type { GuideOutline } from '../types.ts';

export const outline: GuideOutline = {
  slug: 'trout-fishing',
  category: 'fishing',
  sections: ['papers', 'season-limits', 'reading-water', 'techniques', 'catch-release'],
  sampleSections: 1,
  speciesAfter: 'season-limits',
  species: [
    {
      id: 'salmo-trutta',
      latin: 'Salmo trutta',
      names: {
        it: 'Trota fario',
        en: 'Brown trout',
        es: 'Trucha común',
        de: 'Bachforelle',
        sl: 'Potočna postrv',
      },
      rating: 'catchable',
      lookAlikes: [
        {
          id: 'salmo-marmoratus',
          latin: 'Salmo marmoratus',
          names: {
            it: 'Trota marmorata',
            en: 'Marble trout',
            es: 'Trucha marmorata',
            de: 'Marmorierte Forelle',
            sl: 'Soška postrv',
          },
          rating: 'protected',
        },
      ],
    },
    {
      id: 'oncorhynchus-mykiss',
      latin: 'Oncorhynchus mykiss',
      names: {
        it: 'Trota iridea',
        en: 'Rainbow trout',
        es: 'Trucha arcoíris',
        de: 'Regenbogenforelle',
        sl: 'Šarenka',
      },
      rating: 'catchable',
      lookAlikes: [],
    },
    {
      id: 'thymallus-thymallus',
      latin: 'Thymallus thymallus',
      names: { it: 'Temolo', en: 'Grayling', es: 'Tímalo', de: 'Äsche', sl: 'Lipan' },
      rating: 'protected',
      lookAlikes: [],
    },
  ],
};

import type { GuideOutline } from '../types.ts';

export const outline: GuideOutline = {
  slug: 'chanterelles',
  category: 'foraging',
  sections: ['recognise', 'look-alikes', 'where-when', 'picking-cooking'],
  sampleSections: 1,
  speciesAfter: 'recognise',
  species: [
    {
      id: 'cantharellus-cibarius',
      latin: 'Cantharellus cibarius',
      names: {
        it: 'Finferlo (gallinaccio)',
        en: 'Chanterelle',
        es: 'Rebozuelo',
        de: 'Pfifferling',
        sl: 'Užitna lisička',
      },
      rating: 'edible',
      lookAlikes: [
        {
          id: 'omphalotus-olearius',
          latin: 'Omphalotus olearius',
          names: {
            it: "Fungo dell'olivo",
            en: "Jack-o'-lantern mushroom",
            es: 'Seta de olivo',
            de: 'Ölbaumpilz',
            sl: 'Oljkov livkar',
          },
          rating: 'toxic',
        },
        {
          id: 'hygrophoropsis-aurantiaca',
          latin: 'Hygrophoropsis aurantiaca',
          names: {
            it: 'Falso gallinaccio',
            en: 'False chanterelle',
            es: 'Falso rebozuelo',
            de: 'Falscher Pfifferling',
            sl: 'Lažna lisička',
          },
          rating: 'inedible',
        },
      ],
    },
  ],
};

import type { GuideOutline } from '../types.ts';

export const outline: GuideOutline = {
  slug: 'porcini',
  category: 'foraging',
  sections: ['recognise', 'look-alikes', 'where-when', 'picking', 'kitchen'],
  sampleSections: 1,
  speciesAfter: 'recognise',
  species: [
    {
      id: 'boletus-edulis',
      latin: 'Boletus edulis',
      names: {
        it: 'Porcino',
        en: 'Penny bun (cep)',
        es: 'Boleto comestible',
        de: 'Steinpilz',
        sl: 'Jesenski goban (jurček)',
      },
      rating: 'edible',
      lookAlikes: [
        {
          id: 'tylopilus-felleus',
          latin: 'Tylopilus felleus',
          names: {
            it: 'Porcino amaro',
            en: 'Bitter bolete',
            es: 'Boleto amargo',
            de: 'Gallenröhrling',
            sl: 'Žolčasti grenivec',
          },
          rating: 'inedible',
        },
        {
          id: 'rubroboletus-satanas',
          latin: 'Rubroboletus satanas',
          names: {
            it: 'Porcino malefico',
            en: "Devil's bolete",
            es: 'Boleto de Satanás',
            de: 'Satans-Röhrling',
            sl: 'Vražji goban',
          },
          rating: 'toxic',
        },
      ],
    },
    {
      id: 'boletus-aereus',
      latin: 'Boletus aereus',
      names: {
        it: 'Porcino nero (bronzino)',
        en: 'Dark cep (bronze bolete)',
        es: 'Boleto negro',
        de: 'Bronzeröhrling',
        sl: 'Bronasti goban',
      },
      rating: 'edible',
      lookAlikes: [
        {
          id: 'tylopilus-felleus',
          latin: 'Tylopilus felleus',
          names: {
            it: 'Porcino amaro',
            en: 'Bitter bolete',
            es: 'Boleto amargo',
            de: 'Gallenröhrling',
            sl: 'Žolčasti grenivec',
          },
          rating: 'inedible',
        },
      ],
    },
  ],
};

import type { GuideOutline } from '../types.ts';

export const outline: GuideOutline = {
  slug: 'death-cap',
  category: 'foraging',
  sections: ['recognise', 'mistaken-for', 'poisoning', 'white-amanitas'],
  sampleSections: 1,
  speciesAfter: 'recognise',
  species: [
    {
      id: 'amanita-phalloides',
      latin: 'Amanita phalloides',
      names: {
        it: 'Tignosa verdognola',
        en: 'Death cap',
        es: 'Oronja verde',
        de: 'Grüner Knollenblätterpilz',
        sl: 'Zelena mušnica',
      },
      rating: 'deadly',
      lookAlikes: [
        {
          id: 'russula-virescens',
          latin: 'Russula virescens',
          names: {
            it: 'Colombina verde',
            en: 'Green-cracking russula',
            es: 'Rúsula verde',
            de: 'Grüngefelderter Täubling',
            sl: 'Zelenkasta golobica',
          },
          rating: 'edible',
        },
        {
          id: 'agaricus-campestris',
          latin: 'Agaricus campestris',
          names: {
            it: 'Prataiolo',
            en: 'Field mushroom',
            es: 'Champiñón silvestre',
            de: 'Wiesen-Champignon',
            sl: 'Travniški kukmak',
          },
          rating: 'edible',
        },
        {
          id: 'lycoperdon-perlatum',
          latin: 'Lycoperdon perlatum',
          names: {
            it: 'Vescia gemmata',
            en: 'Common puffball',
            es: 'Pedo de lobo',
            de: 'Flaschen-Stäubling',
            sl: 'Bradavičasta prašnica',
          },
          rating: 'caution',
        },
      ],
    },
  ],
};

import type { GuideOutline } from '../types.ts';

export const outline: GuideOutline = {
  slug: 'woods-safety',
  category: 'foraging',
  sections: ['before-you-go', 'orientation', 'weather', 'animals-ticks', 'emergency'],
  sampleSections: 1,
  speciesAfter: null,
  species: [],
};

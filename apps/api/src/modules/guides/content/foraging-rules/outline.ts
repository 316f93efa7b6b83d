import type { GuideOutline } from '../types.ts';

export const outline: GuideOutline = {
  slug: 'foraging-rules',
  category: 'foraging',
  sections: ['framework', 'permits', 'limits-hours', 'how-to-pick', 'parks-fines', 'abroad'],
  sampleSections: 1,
  speciesAfter: null,
  species: [],
};

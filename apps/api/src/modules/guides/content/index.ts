import { chanterelles } from './chanterelles/index.ts';
import { deathCap } from './death-cap/index.ts';
import { foragingRules } from './foraging-rules/index.ts';
import { lakeFishing } from './lake-fishing/index.ts';
import { porcini } from './porcini/index.ts';
import { troutFishing } from './trout-fishing/index.ts';
import type { GuideSource } from './types.ts';
import { woodsSafety } from './woods-safety/index.ts';

/** Every guide, in the order the list shows them: the deadly mushroom first, then by subject. */
export const GUIDE_SOURCES: GuideSource[] = [
  deathCap,
  porcini,
  chanterelles,
  foragingRules,
  woodsSafety,
  troutFishing,
  lakeFishing,
];

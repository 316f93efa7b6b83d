import { porcini } from './porcini/index.ts';
import type { GuideSource } from './types.ts';

/** Every guide, in the order the list shows them. */
export const GUIDE_SOURCES: GuideSource[] = [porcini];

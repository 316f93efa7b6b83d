import type { GuideSource } from '../types.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { it } from './it.ts';
import { outline } from './outline.ts';
import { sl } from './sl.ts';

export const foragingRules: GuideSource = { outline, texts: { it, en, es, de, sl } };

import type { GuideCategory } from '@sentiero/contract/guides';
import { Fish, type LucideIcon, Trees } from 'lucide-react';

export const CATEGORY_ICON: Record<GuideCategory, LucideIcon> = { foraging: Trees, fishing: Fish };

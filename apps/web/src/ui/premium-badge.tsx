import { Crown } from 'lucide-react';

/**
 * Marks a Sentiero+ member (`user.is_premium`) in the header and the member menu. `compact`
 * shows only the crown on a phone, where the header has little room; the link around it names
 * the membership for screen readers.
 */
export function PremiumBadge({ label, compact = false }: { label: string; compact?: boolean }) {
  return (
    <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-amber-100 px-1.5 py-0.5 font-semibold text-amber-900 text-xs">
      <Crown aria-hidden className="size-3.5" />
      <span className={compact ? 'hidden sm:inline' : undefined}>{label}</span>
    </span>
  );
}

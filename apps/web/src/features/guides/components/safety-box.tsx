import type { GuideSafety } from '@sentiero/contract/guides';
import { ShieldAlert } from 'lucide-react';

/** The warning of every foraging guide, boxed, for every reader, member or not. */
export function SafetyBox({ safety }: { safety: GuideSafety }) {
  return (
    <aside
      aria-labelledby="guide-safety"
      className="rounded-xl border-2 border-red-700 bg-red-50 p-4 text-red-950 sm:p-5"
    >
      <h2 id="guide-safety" className="flex items-center gap-2 font-semibold text-lg">
        <ShieldAlert aria-hidden className="size-6 shrink-0 text-red-700" />
        {safety.title}
      </h2>
      <ul className="mt-3 list-disc space-y-2 pl-5 leading-relaxed marker:text-red-700">
        {safety.points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
    </aside>
  );
}

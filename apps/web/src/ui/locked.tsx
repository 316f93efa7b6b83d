import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * What a Sentiero+ tool's page shows anyone without it: why it is locked, and the Sentiero+
 * banner the app composes in. The server refuses the tool's requests as well (the `premium`
 * permission).
 */
export function Locked({ explanation, banner }: { explanation: ReactNode; banner?: ReactNode }) {
  return (
    <div className="max-w-2xl space-y-4">
      <p className="flex items-start gap-3 rounded-xl border border-stone-200 bg-white p-4 text-stone-700">
        <Lock aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-800" />
        <span>{explanation}</span>
      </p>
      {banner}
    </div>
  );
}

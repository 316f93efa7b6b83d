import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

export type NextStep = { to: string; label: string };

/**
 * What a list says when it has nothing to show: what happened, what to try, and a way on, so
 * nobody is left in front of a blank page.
 */
export function EmptyState({
  icon: Icon,
  title,
  hint,
  steps = [],
}: {
  icon: LucideIcon;
  title: ReactNode;
  hint?: ReactNode;
  steps?: NextStep[];
}) {
  // A way on never leads back to exactly the page the visitor is on.
  const { pathname, search } = useLocation();
  const ways = steps.filter((step) => step.to !== pathname + search);
  return (
    <div className="flex flex-col items-center rounded-card border border-stone-300 border-dashed bg-sand-50 px-6 py-10 text-center">
      <span
        aria-hidden
        className="flex size-14 items-center justify-center rounded-full bg-brand-100 text-brand-700"
      >
        <Icon className="size-7" />
      </span>
      <p className="mt-4 font-semibold text-lg text-stone-900">{title}</p>
      {hint && <p className="mt-1 max-w-md text-sm text-stone-600">{hint}</p>}
      {ways.length > 0 && (
        <div className="mt-5 flex flex-wrap justify-center gap-3">
          {ways.map((step, index) => (
            <Link
              key={step.to}
              to={step.to}
              className={
                index === 0
                  ? 'rounded-lg bg-brand-700 px-4 py-2 font-medium text-sm text-white hover:bg-brand-800'
                  : 'rounded-lg border border-stone-300 bg-white px-4 py-2 font-medium text-sm text-stone-800 hover:bg-stone-50'
              }
            >
              {step.label}
            </Link>
          ))}
        </div>
      )}
    </div>
  );
}

import { type ReactNode, useId } from 'react';

/** A titled part of a page, named by its heading for screen readers. */
export function Card({ title, children }: { title: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
      <h2 id={id} className="mb-4 font-semibold text-lg text-stone-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

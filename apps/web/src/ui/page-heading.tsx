import type { ReactNode } from 'react';

export function PageHeading({ children, lead }: { children: ReactNode; lead?: ReactNode }) {
  return (
    <header className="mb-6">
      <h1 className="font-semibold text-3xl text-stone-900 tracking-tight">{children}</h1>
      {lead && <p className="mt-2 max-w-2xl text-stone-600">{lead}</p>}
    </header>
  );
}

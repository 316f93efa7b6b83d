import type { ReactNode } from 'react';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { Alert } from '../../../ui/alert.tsx';

/** A sign-in step's card: centred, narrow on a tablet, the same on a desktop. */
export function ConsoleCard({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md py-10">
      <h1 className="mb-2 font-bold text-2xl text-stone-900">{title}</h1>
      {lead && <p className="mb-5 text-stone-600">{lead}</p>}
      <div className="space-y-5 rounded-xl border border-stone-200 bg-white p-6 shadow-sm">{children}</div>
    </div>
  );
}

/** The server's translated message of a failed call. */
export function FailureAlert({ error, fallback }: { error: unknown; fallback: string }) {
  if (!error) return null;
  return <Alert tone="error">{error instanceof ApiRequestError ? error.message : fallback}</Alert>;
}

import type { ReactNode } from 'react';
import type { ConsoleMe } from '../../api.ts';
import { ConsoleNav } from '../console-nav.tsx';
import { SessionGate } from '../session-gate.tsx';

/** A console screen: the sections beside it (above it on a narrow tablet), its title and actions. */
export function ConsolePage({
  title,
  actions,
  children,
}: {
  title: (me: ConsoleMe) => ReactNode;
  actions?: (me: ConsoleMe) => ReactNode;
  children: (me: ConsoleMe) => ReactNode;
}) {
  return (
    <SessionGate>
      {(me) => (
        <div className="flex flex-col gap-6 py-6 md:flex-row">
          <ConsoleNav me={me} />
          <section className="min-w-0 flex-1 space-y-5">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h1 className="font-bold text-2xl text-stone-900">{title(me)}</h1>
              {actions?.(me)}
            </div>
            {children(me)}
          </section>
        </div>
      )}
    </SessionGate>
  );
}

/** A small coloured label of a state. */
export function StateBadge({
  tone,
  children,
}: {
  tone: 'green' | 'amber' | 'stone' | 'blue' | 'red';
  children: ReactNode;
}) {
  const tones = {
    green: 'bg-brand-50 text-brand-900 border-brand-100',
    amber: 'bg-amber-50 text-amber-900 border-amber-200',
    stone: 'bg-stone-100 text-stone-700 border-stone-200',
    blue: 'bg-sky-50 text-sky-900 border-sky-200',
    red: 'bg-red-50 text-red-800 border-red-200',
  } as const;
  return (
    <span className={`inline-block rounded-full border px-2 py-0.5 font-medium text-xs ${tones[tone]}`}>
      {children}
    </span>
  );
}

/** `YYYY-MM-DD` of an instant, as the staff member's calendar shows it (for `<input type="date">`). */
export function localDay(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The instant a day starts (or, with `end`, its last second) in the staff member's time zone. */
export function dayToInstant(day: string, end = false): string {
  if (!day) return '';
  return new Date(`${day}T${end ? '23:59:59' : '00:00:00'}`).toISOString();
}

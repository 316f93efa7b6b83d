import type { Permission } from '@sentiero/contract/access';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../ui/alert.tsx';
import type { ConsoleMe } from '../../api.ts';
import { ConsoleNav } from '../../components/console-nav.tsx';
import { SessionGate } from '../../components/session-gate.tsx';

/** Whether the staff member holds a permission somewhere: what the screens offer (the API decides). */
export const holds = (me: ConsoleMe, permission: Permission) =>
  (me.permissions as string[]).includes(permission);

/**
 * A catalogue screen in the console's frame, for a complete session; a staff member whose roles
 * do not include the catalogue (a desk, an accountant, a ranger, support) is told so plainly.
 */
export function CatalogueFrame({ children }: { children: (me: ConsoleMe) => ReactNode }) {
  return (
    <SessionGate>
      {(me) => (
        <div className="flex flex-col gap-6 py-6 md:flex-row">
          <ConsoleNav me={me} />
          <section className="min-w-0 flex-1 space-y-5">
            {holds(me, 'catalogue.read') ? children(me) : <CatalogueRefusal />}
          </section>
        </div>
      )}
    </SessionGate>
  );
}

function CatalogueRefusal() {
  const { t } = useTranslation('consoleCatalogue');
  return (
    <>
      <h1 className="font-bold text-2xl text-stone-900">{t('title')}</h1>
      <Alert tone="error">{t('refused')}</Alert>
    </>
  );
}

const STATUS_TONES = {
  draft: 'bg-amber-100 text-amber-900',
  published: 'bg-emerald-100 text-emerald-900',
  unpublished: 'bg-stone-200 text-stone-800',
} as const;

export function StatusBadge({ status }: { status: keyof typeof STATUS_TONES }) {
  const { t } = useTranslation('consoleCatalogue');
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 font-medium text-xs ${STATUS_TONES[status]}`}>
      {t(`status.${status}`)}
    </span>
  );
}

/** A section of the editor: a titled card. */
export function EditorSection({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="space-y-4 rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
    >
      <h2 id={id} className="font-semibold text-lg text-stone-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

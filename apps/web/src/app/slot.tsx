import { type ReactNode, Suspense } from 'react';

/**
 * A part one feature lends another's page (a banner, an ad, the forecast): it waits for its own
 * translations or code here, so the page around it never suspends, never mounts again and never
 * loses what is being typed in its forms.
 */
export function Slot({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

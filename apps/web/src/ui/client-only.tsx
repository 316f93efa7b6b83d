import { type ReactNode, Suspense, useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the server renders and while the browser hydrates that HTML, true from the render
 * after: what a component reads to leave browser-only parts (a map) out of the server's page.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/**
 * Renders `children` in the browser only, `fallback` on the server and until then; the fallback
 * holds the children's place so nothing moves when they arrive.
 */
export function ClientOnly({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  return useHydrated() ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}

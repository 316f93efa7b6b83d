import type { ReactNode } from 'react';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { useSite } from '../../../lib/site.ts';
import { useHydrated } from '../../../ui/client-only.tsx';
import { Locked } from '../../../ui/locked.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useMemberId } from '../api.ts';

/**
 * A Sentiero+ tool's page body: the tool for a member with Sentiero+, a short explanation and the
 * Sentiero+ banner (composed in by the app) for anyone else. The server checks it again on every
 * request (the `premium` permission).
 */
export function MembersOnly({
  explanation,
  banner,
  children,
}: {
  explanation: (brand: string) => ReactNode;
  banner?: ReactNode;
  children: (member: number) => ReactNode;
}) {
  const hydrated = useHydrated();
  const member = useMemberId();
  const isPremium = useAuthStore((state) => state.user?.is_premium ?? false);
  const brand = useSite().data?.premium_brand ?? 'Sentiero+';
  if (!hydrated) return <Spinner size="large" />;
  if (member !== null && isPremium) return children(member);
  return <Locked explanation={explanation(brand)} banner={banner} />;
}

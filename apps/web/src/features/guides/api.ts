import { FALLBACK_LANGUAGE, type Language } from '@sentiero/contract/languages';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApi } from '../../lib/api-client.ts';
import { ApiRequestError, isNetworkFailure } from '../../lib/api-error.ts';
import { useAuthStore } from '../../lib/auth-store.ts';
import { useCurrentLanguage } from '../../lib/i18n.ts';
import { keepFilesOffline, translationFileUrl } from '../../lib/offline-files.ts';
import { shouldRetryOnline } from '../../lib/query-client.ts';
import { MEMBER_QUERY_KEY } from '../../queries/member.ts';
import { useHydrated } from '../../ui/client-only.tsx';
import { findSavedGuide, forgetSavedGuides, type SavedGuide, saveGuide } from './saved-guides.ts';

/** The translations a guide's page reads. */
const GUIDE_NAMESPACES = ['common', 'guides'];

export function getGuideListQueryOptions(language: Language) {
  return queryOptions({
    queryKey: ['guides', 'list', language],
    queryFn: ({ signal }) => callApi('guideList', { lng: language }, { signal }),
  });
}

/**
 * One guide as the server cuts it for who asks: the sample for a visitor, the whole guide for a
 * Sentiero+ member. A signed-in member's answer is a member query (dropped when they log out),
 * asked even when the browser says it is offline, so the failure shows the copy kept on the phone.
 */
export function getGuideQueryOptions(language: Language, slug: string, member = false) {
  return queryOptions({
    queryKey: member ? [...MEMBER_QUERY_KEY, 'guides', language, slug] : ['guides', 'guide', language, slug],
    queryFn: ({ signal }) => callApi('guideInfo', { lng: language, slug }, { signal }),
    ...(member ? { networkMode: 'always' as const, retry: shouldRetryOnline } : {}),
  });
}

export const useGuideList = () => useQuery(getGuideListQueryOptions(useCurrentLanguage()));

const phone = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

/**
 * The guide to show: the server's answer, or with no network the copy this member saved when
 * they last read it. The server renders the visitor's sample; a signed-in member's browser then
 * asks for their own answer, showing the sample meanwhile so nothing jumps. A whole guide is
 * saved for offline reading as it arrives; an answer that is only the sample (the membership
 * ended) removes what was saved.
 */
export function useGuide(slug: string) {
  const language = useCurrentLanguage();
  const hydrated = useHydrated();
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const asMember = hydrated && userId !== null;
  const client = useQueryClient();
  const visitorOptions = getGuideQueryOptions(language, slug);
  const visitor = useQuery({ ...visitorOptions, enabled: !asMember });
  const member = useQuery({
    ...getGuideQueryOptions(language, slug, true),
    enabled: asMember,
    placeholderData: () => client.getQueryData(visitorOptions.queryKey),
  });
  const query = asMember ? member : visitor;
  const answer = query.isPlaceholderData ? undefined : query.data?.guide;

  useEffect(() => {
    const storage = phone();
    if (!storage || userId === null || !answer || !asMember) return;
    if (!answer.full) {
      forgetSavedGuides(storage, userId);
      return;
    }
    saveGuide(storage, userId, language, answer);
    // A page the server rendered brought its words inline: the worker keeps them for offline,
    // with the fallback language's, which i18next loads beside them.
    const languages = [...new Set([language, FALLBACK_LANGUAGE])];
    keepFilesOffline(
      languages.flatMap((code) => GUIDE_NAMESPACES.map((namespace) => translationFileUrl(code, namespace))),
    );
  }, [answer, asMember, userId, language]);

  const offline = asMember && member.isError && isNetworkFailure(member.error);
  const storage = phone();
  const saved: SavedGuide | null =
    offline && storage && userId !== null ? findSavedGuide(storage, userId, language, slug) : null;
  return {
    guide: saved?.guide ?? query.data?.guide,
    /** Set when the guide shown is the copy kept on this phone, read with no network. */
    savedAt: saved?.savedAt ?? null,
    /** The member's own answer is still on its way (the sample shows meanwhile). */
    checkingMembership: asMember && member.isPlaceholderData,
    offline,
    isPending: query.isPending && !saved,
    isError: query.isError && !saved,
    notFound: query.error instanceof ApiRequestError && query.error.status === 404,
    refetch: () => void query.refetch(),
  };
}

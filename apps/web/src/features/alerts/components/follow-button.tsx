import { ALERT_KINDS } from '@sentiero/contract/alerts';
import { Bell, BellRing } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { Button } from '../../../ui/button.tsx';
import { useAlerts, useFollowArea, useUnfollowArea } from '../api.ts';

/**
 * Follow or unfollow an area where it is listed (the growth table), for Sentiero+ members: a new
 * follow alerts of everything, from "good" growth, by mail and push; `/user/alerts` fine-tunes it.
 * Nothing is shown to anyone else: the page around it already offers Sentiero+.
 */
export function FollowAreaButton({ areaId, areaName }: { areaId: number; areaName: string }) {
  const { t } = useTranslation('alerts');
  const language = useCurrentLanguage();
  const isPremium = useAuthStore((state) => state.user?.is_premium ?? false);
  const alerts = useAlerts(language);
  const follow = useFollowArea(language);
  const unfollow = useUnfollowArea(language);
  if (!isPremium || !alerts.data) return null;
  const following = alerts.data.follows.some((each) => each.area_id === areaId);
  const busy = follow.isPending || unfollow.isPending;
  return (
    <Button
      variant="secondary"
      className="mt-1 whitespace-nowrap px-2 py-0.5 text-xs"
      aria-pressed={following}
      aria-label={t(following ? 'follow.unfollowArea' : 'follow.followArea', { area: areaName })}
      disabled={busy}
      onClick={() =>
        following
          ? unfollow.mutate(areaId)
          : follow.mutate({
              area_id: areaId,
              kinds: [...ALERT_KINDS],
              min_level: 'good',
              by_mail: true,
              by_push: true,
            })
      }
    >
      {following ? <BellRing aria-hidden className="size-3.5" /> : <Bell aria-hidden className="size-3.5" />}
      {t(following ? 'follow.following' : 'follow.follow')}
    </Button>
  );
}

import {
  type alertFollow,
  type alertPushSubscribe,
  type alertSettings,
  DEFAULT_QUIET_HOURS,
  MAX_FOLLOWED_AREAS,
  MAX_PUSH_DEVICES,
} from '@sentiero/contract/alerts';
import type { z } from 'zod';
import { requireAccess } from '../../platform/access.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { PushSender } from '../../platform/push.ts';
import { newToken } from '../../platform/sessions.ts';
import { testPush } from './mails.ts';
import {
  areaExists,
  countMemberDevices,
  countMemberFollows,
  deleteFollow,
  deleteFollowByToken,
  deleteMemberAlerts,
  deleteMemberDevices,
  deletePushSubscription,
  deleteSessionDevices,
  findMemberDevices,
  findMemberFollows,
  findSettings,
  upsertFollow,
  upsertPushSubscription,
  upsertSettings,
} from './repo.ts';
import { timeOfDay } from './rules.ts';
import { pushToDevices } from './send.ts';

/*
 * Sentiero+ alerts (issue 15, item 3; ADR 021): what a member follows and how they are told.
 * Every member endpoint opens with `requireAccess(ctx, 'premium')`; the unsubscribe link works without a login.
 */

export type AlertServiceDeps = { push: PushSender | null };

async function alertsState(ctx: ServiceContext, deps: AlertServiceDeps, userId: number) {
  const [follows, settings, devices] = await Promise.all([
    findMemberFollows(ctx.db, userId, ctx.lang),
    findSettings(ctx.db, userId),
    countMemberDevices(ctx.db, userId),
  ]);
  return {
    follows: follows.map((follow) => ({
      area_id: follow.areaId,
      area_name: follow.areaName,
      kinds: follow.kinds,
      min_level: follow.minLevel,
      by_mail: follow.byMail,
      by_push: follow.byPush,
    })),
    settings: {
      quiet_start: timeOfDay(settings?.quietStart ?? DEFAULT_QUIET_HOURS.start),
      quiet_end: timeOfDay(settings?.quietEnd ?? DEFAULT_QUIET_HOURS.end),
      time_zone: settings?.timeZone ?? DEFAULT_QUIET_HOURS.timeZone,
    },
    // Empty when pushes are off: the screen then offers mail only.
    push_public_key: deps.push?.publicKey ?? '',
    push_devices: devices,
  };
}

export async function listAlerts(ctx: ServiceContext, deps: AlertServiceDeps) {
  const { id: userId } = await requireAccess(ctx, 'premium');
  return alertsState(ctx, deps, userId);
}

export async function followArea(
  ctx: ServiceContext,
  deps: AlertServiceDeps,
  input: z.output<typeof alertFollow.input>,
) {
  const { id: userId } = await requireAccess(ctx, 'premium');
  if (!(await areaExists(ctx.db, input.area_id))) throw notFound();
  const follows = await findMemberFollows(ctx.db, userId, ctx.lang);
  const following = follows.some((follow) => follow.areaId === input.area_id);
  if (!following && (await countMemberFollows(ctx.db, userId)) >= MAX_FOLLOWED_AREAS) {
    throw new AppError('STORAGE_LIMIT', 409);
  }
  await upsertFollow(ctx.db, {
    userId,
    areaId: input.area_id,
    kinds: [...new Set(input.kinds)],
    minLevel: input.min_level,
    byMail: input.by_mail,
    byPush: input.by_push,
    unsubscribeToken: newToken(),
    now: ctx.clock.now(),
  });
  return alertsState(ctx, deps, userId);
}

export async function unfollowArea(ctx: ServiceContext, deps: AlertServiceDeps, areaId: number) {
  const { id: userId } = await requireAccess(ctx, 'premium');
  await deleteFollow(ctx.db, userId, areaId);
  return alertsState(ctx, deps, userId);
}

export async function setAlertSettings(
  ctx: ServiceContext,
  deps: AlertServiceDeps,
  input: z.output<typeof alertSettings.input>,
) {
  const { id: userId } = await requireAccess(ctx, 'premium');
  await upsertSettings(ctx.db, {
    userId,
    quietStart: input.quiet_start,
    quietEnd: input.quiet_end,
    timeZone: input.time_zone,
    now: ctx.clock.now(),
  });
  return alertsState(ctx, deps, userId);
}

/**
 * A device's endpoint must be on a push service this server sends to (push-destinations.ts):
 * the member's browser gives it, and the server would otherwise post wherever it says.
 */
function requirePushEndpoint(push: PushSender, endpoint: string) {
  if (!push.accepts(endpoint)) throw new AppError('VALIDATION_FAILED', 400, { endpoint: 'pushService' });
}

export async function subscribePush(
  ctx: ServiceContext,
  deps: AlertServiceDeps,
  input: z.output<typeof alertPushSubscribe.input>,
) {
  const member = await requireAccess(ctx, 'premium');
  const userId = member.id;
  if (!deps.push) throw new AppError('SERVICE_UNAVAILABLE', 503);
  requirePushEndpoint(deps.push, input.endpoint);
  const devices = await findMemberDevices(ctx.db, [userId]);
  const known = devices.some((device) => device.endpoint === input.endpoint);
  if (!known && devices.length >= MAX_PUSH_DEVICES) throw new AppError('STORAGE_LIMIT', 409);
  await upsertPushSubscription(ctx.db, {
    userId,
    endpoint: input.endpoint,
    p256dh: input.p256dh,
    auth: input.auth,
    // Logging out of this session unsubscribes the device (accounts/log-out.ts).
    sessionTokenHash: member.tokenHash,
    now: ctx.clock.now(),
  });
  return { push_devices: await countMemberDevices(ctx.db, userId) };
}

/** Forgets a device; a visitor's browser logged out since may still say so, and nothing happens. */
export async function unsubscribePush(ctx: ServiceContext, endpoint: string) {
  if (!ctx.user) return { push_devices: 0 };
  await deletePushSubscription(ctx.db, ctx.user.id, endpoint);
  return { push_devices: await countMemberDevices(ctx.db, ctx.user.id) };
}

export async function sendTestPush(ctx: ServiceContext, deps: AlertServiceDeps) {
  const { id: userId } = await requireAccess(ctx, 'premium');
  if (!deps.push) throw new AppError('SERVICE_UNAVAILABLE', 503);
  const devices = await findMemberDevices(ctx.db, [userId]);
  const result = await pushToDevices(
    ctx,
    deps.push,
    devices,
    [{ notification: { id: 0, userId }, payload: testPush(ctx.lang, ctx.config.brand) }],
    ctx.clock.now(),
  );
  return { sent: result.sent, push_devices: devices.length - result.gone.length };
}

/** A session ended by logging out: the device it subscribed stops receiving the member's alerts. */
export async function forgetSessionDevices(ctx: Pick<ServiceContext, 'db'>, sessionTokenHash: string) {
  await deleteSessionDevices(ctx.db, sessionTokenHash);
}

/** All of a member's sessions ended: none of their devices receives their alerts any more. */
export async function forgetMemberDevices(ctx: Pick<ServiceContext, 'db'>, userId: number) {
  await deleteMemberDevices(ctx.db, userId);
}

/** The link of an alert mail: that area's alerts end, without a login. */
export async function unsubscribeAlert(ctx: ServiceContext, token: string) {
  const removed = await deleteFollowByToken(ctx.db, token, ctx.lang);
  if (!removed) throw new AppError('TOKEN_INVALID', 400);
  return { area_name: removed.areaName };
}

/** Account erasure: follows, quiet hours, devices and the notifications told go with the account. */
export async function eraseMemberAlerts(ctx: Pick<ServiceContext, 'db'>, userId: number): Promise<void> {
  await deleteMemberAlerts(ctx.db, userId);
}

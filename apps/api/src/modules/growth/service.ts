import type { CountryCode } from '@sentiero/contract/common';
import { addCalendarDays, calendarDateIn } from '@sentiero/contract/durations';
import {
  FULL_GROWTH_DAYS,
  GROWTH_DAYS,
  GROWTH_LEVELS,
  type GrowthAccess,
  type GrowthForecastView,
  type GrowthLevel,
  type GrowthRow,
  MEMBER_GROWTH_UNLOCKS,
} from '@sentiero/contract/growth';
import type { GrowthForecastDay } from '@sentiero/contract/rules/growth-forecast';
import { requireAccess } from '../../platform/access.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { isPremiumMember } from '../premium/index.ts';
import { findAreaForecasts } from './forecast.ts';
import { findOfficialLevels } from './observations-repo.ts';
import {
  findGrowthArea,
  findGrowthReports,
  findUnlockedAreaIds,
  type GrowthFilter,
  insertUnlock,
  saveGrowthReport,
} from './repo.ts';

/** Who the caller is to the growth table, and which areas' full history they unlocked. */
async function growthAccess(ctx: ServiceContext): Promise<{ access: GrowthAccess; unlocked: Set<number> }> {
  if (!ctx.user) return { access: 'visitor', unlocked: new Set() };
  if (await isPremiumMember(ctx, ctx.user.id)) return { access: 'premium', unlocked: new Set() };
  return { access: 'member', unlocked: new Set(await findUnlockedAreaIds(ctx.db, ctx.user.id)) };
}

const daysFor = (access: GrowthAccess, unlocked: boolean) =>
  unlocked ? FULL_GROWTH_DAYS : GROWTH_DAYS[access];

/**
 * The forecast as the caller may see it: Sentiero+ the model's week before today and week ahead
 * with scores and reasons (the improved growth table, SPEC section 1); everyone else today's
 * level only.
 */
function forecastFor(access: GrowthAccess, days: GrowthForecastDay[] | undefined): GrowthForecastView[] {
  if (!days) return [];
  if (access === 'premium') return days;
  const today = days.find((day) => day.forecast);
  return today ? [{ date: today.date, forecast: true, level: today.level }] : [];
}

/**
 * The growth table as the caller may see it: a visitor the latest level of each area, a member
 * the last few days (and every day of the areas they unlocked), Sentiero+ every reported day;
 * and the forecast as `forecastFor` cuts it. The server cuts the table: the client hides nothing
 * the answer holds.
 */
export async function listGrowthTable(ctx: ServiceContext, filter: GrowthFilter) {
  const { access, unlocked } = await growthAccess(ctx);
  const deepest =
    access === 'visitor' ? GROWTH_DAYS.visitor : unlocked.size > 0 ? FULL_GROWTH_DAYS : GROWTH_DAYS[access];
  const rows = await findGrowthReports(ctx.db, ctx.lang, filter, deepest);
  const byArea = new Map<number, GrowthRow>();
  for (const row of rows) {
    let area = byArea.get(row.id);
    if (!area) {
      area = {
        id: row.id,
        slug: row.slug,
        name: row.name,
        region: { id: row.regionId, name: row.regionName },
        country: row.country as CountryCode,
        available: row.available,
        unlocked: access === 'premium' || unlocked.has(row.id),
        days: [],
        observations: [],
        forecast: [],
      };
      byArea.set(row.id, area);
    }
    if (row.observedOn !== null && row.level !== null && area.days.length < daysFor(access, area.unlocked)) {
      area.days.push({ date: row.observedOn, level: GROWTH_LEVELS[row.level] ?? 'poor' });
    }
  }
  const areaIds = [...byArea.keys()];
  const now = ctx.clock.now();
  // Wide enough for every area's time zone: each area keeps only its newest days below.
  const today = calendarDateIn('Pacific/Kiritimati', now);
  const [forecasts, official] = await Promise.all([
    findAreaForecasts(ctx.db, { areaIds, clock: ctx.clock }),
    areaIds.length > 0
      ? findOfficialLevels(ctx.db, areaIds, addCalendarDays(today, -FULL_GROWTH_DAYS), today)
      : Promise.resolve([]),
  ]);
  for (const day of official) {
    const area = byArea.get(day.areaId);
    if (area && area.observations.length < daysFor(access, area.unlocked)) {
      area.observations.push({
        date: day.date,
        level: GROWTH_LEVELS[day.level] ?? 'poor',
        species: day.species,
      });
    }
  }
  for (const area of byArea.values()) area.forecast = forecastFor(access, forecasts.get(area.id));
  return {
    level_list: [...GROWTH_LEVELS],
    area_list: [...byArea.values()],
    full_table: access === 'premium',
    access,
  };
}

async function unlockState(ctx: ServiceContext, areaId: number) {
  if (!(await findGrowthArea(ctx.db, areaId))) throw notFound();
  const { access, unlocked } = await growthAccess(ctx);
  const isUnlocked = access === 'premium' || unlocked.has(areaId);
  const unlocksLeft = access === 'member' ? Math.max(0, MEMBER_GROWTH_UNLOCKS - unlocked.size) : 0;
  return {
    access,
    days: daysFor(access, isUnlocked),
    unlocked: isUnlocked,
    can_unlock: access === 'member' && !isUnlocked && unlocksLeft > 0,
    unlocks_left: unlocksLeft,
  };
}

export function checkUnlock(ctx: ServiceContext, areaId: number) {
  return unlockState(ctx, areaId);
}

/**
 * Unlocks an area's full history: a visitor is asked to log in or register (SPEC section 6), a
 * member may unlock MEMBER_GROWTH_UNLOCKS areas, Sentiero+ has them all already.
 */
export async function unlockArea(ctx: ServiceContext, areaId: number) {
  const member = await requireAccess(ctx, 'member');
  const state = await unlockState(ctx, areaId);
  if (state.unlocked) return state;
  if (!state.can_unlock) throw new AppError('PREMIUM_REQUIRED', 403);
  await insertUnlock(ctx.db, member.id, areaId, MEMBER_GROWTH_UNLOCKS);
  const after = await unlockState(ctx, areaId);
  if (!after.unlocked) throw new AppError('PREMIUM_REQUIRED', 403);
  return after;
}

/**
 * A logged-in member's report of what they found in a growth area today (the area's calendar
 * day): it replaces their earlier report of the day and counts, with the others', in the day's
 * level that the table shows and the forecast is calibrated by. A visitor is asked to log in.
 */
export async function reportGrowth(ctx: ServiceContext, areaId: number, level: GrowthLevel) {
  const member = await requireAccess(ctx, 'member');
  const area = await findGrowthArea(ctx.db, areaId);
  if (!area) throw notFound();
  const day = calendarDateIn(area.timeZone, ctx.clock.now());
  const counted = await saveGrowthReport(ctx.db, {
    userId: member.id,
    areaId,
    day,
    level: GROWTH_LEVELS.indexOf(level),
  });
  return {
    id_area: areaId,
    date: day,
    level,
    area_level: GROWTH_LEVELS[counted.level] ?? level,
    reports: counted.reports,
  };
}

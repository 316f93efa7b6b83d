import { describe, expect, it } from 'vitest';
import { addCalendarDays } from '../durations.ts';
import type { GrowthLevel } from '../growth.ts';
import { ANCHOR_DAYS, forecastGrowth, type GrowthForecastDay, type WeatherDay } from './growth-forecast.ts';

/*
 * ADR 040: an official observation (the area's ranger, manager, owner or Sentiero's admin saw
 * it) anchors the forecast. The forecast day of the observation takes its level; each following
 * day the observation weighs a seventh less, and the members' calibration the rest, so a week on
 * the model is back on its own.
 */

const SEASON = { start: '06-01', end: '11-30' };
const TODAY = '2026-10-05';

/** Mild weather from 32 days before today to 6 after, with 35 mm of rain 12 days ago: "good" today. */
function rainyWeather(): WeatherDay[] {
  return Array.from({ length: 39 }, (_, index) => {
    const offset = index - 32;
    return {
      date: addCalendarDays(TODAY, offset),
      rainMm: offset === -12 ? 35 : 0,
      tempMean: 15,
      tempMin: 8,
      tempMax: 22,
      forecast: offset >= 0,
    };
  });
}

/** A dry month: the model says poor on every day. */
function dryWeather(): WeatherDay[] {
  return rainyWeather().map((day) => ({ ...day, rainMm: 0 }));
}

const seen = (level: GrowthLevel, daysAgo: number) => ({ date: addCalendarDays(TODAY, -daysAgo), level });

function levels(days: GrowthForecastDay[]) {
  return days.filter((day) => day.forecast).map((day) => day.level);
}

describe('an official observation anchors the forecast', () => {
  it('makes today what the ranger saw today, however far the model was, and says why', () => {
    const days = forecastGrowth({
      today: TODAY,
      weather: dryWeather(),
      season: SEASON,
      official: [seen('good', 0)],
    });
    const today = days.find((day) => day.date === TODAY) as GrowthForecastDay;
    expect(today.level).toBe('good');
    expect(today.reasons.at(-1)).toEqual({ kind: 'observed', date: TODAY, level: 'good' });
  });

  it('fades by a seventh a day: good seen today in a dry week reads good, good, scarce, scarce, insufficient, insufficient, poor', () => {
    // The model says poor (0) every day; the observation is 3 levels up. Day k after it moves
    // round(3 × (7 − k) / 7) levels: 3, 2.57, 2.14, 1.71, 1.29, 0.86, 0.43.
    const days = forecastGrowth({
      today: TODAY,
      weather: dryWeather(),
      season: SEASON,
      official: [seen('good', 0)],
    });
    expect(levels(days)).toEqual([
      'good',
      'good',
      'scarce',
      'scarce',
      'insufficient',
      'insufficient',
      'poor',
    ]);
  });

  it('counts from the day it was seen: three days ago it weighs 4/7 today', () => {
    // Seen good 3 days ago on a poor model: today moves round(3 × 4/7) = 2 levels, scarce.
    const days = forecastGrowth({
      today: TODAY,
      weather: dryWeather(),
      season: SEASON,
      official: [seen('good', 3)],
    });
    expect(levels(days)).toEqual(['scarce', 'insufficient', 'insufficient', 'poor', 'poor', 'poor', 'poor']);
  });

  it('lowers the forecast as well as raising it', () => {
    // The model says good today (0.583); the ranger found nothing.
    const days = forecastGrowth({
      today: TODAY,
      weather: rainyWeather(),
      season: SEASON,
      official: [seen('poor', 0)],
    });
    const today = days.find((day) => day.date === TODAY) as GrowthForecastDay;
    expect(today.level).toBe('poor');
    expect(today.reasons.at(-1)).toEqual({ kind: 'observed', date: TODAY, level: 'poor' });
  });

  it('wins over members who saw otherwise on its day, and hands over to their calibration as it fades', () => {
    // Members saw abundant (the model: good, +1); the ranger saw good today. Today: the ranger's
    // 0 difference at full weight. Six days on: 1/7 × 0 + 6/7 × 1 = 0.86 → one level up.
    const members = [seen('abundant', 1), seen('abundant', 2)];
    const alone = forecastGrowth({
      today: TODAY,
      weather: rainyWeather(),
      season: SEASON,
      observed: members,
    });
    const anchored = forecastGrowth({
      today: TODAY,
      weather: rainyWeather(),
      season: SEASON,
      observed: members,
      official: [seen('good', 0)],
    });
    expect(levels(alone)[0]).toBe('abundant');
    expect(levels(anchored)[0]).toBe('good');
    expect(levels(anchored)[6]).toBe(levels(alone)[6]);
  });

  it('takes the latest observation, and the rounded mean of several on one day', () => {
    const latest = forecastGrowth({
      today: TODAY,
      weather: dryWeather(),
      season: SEASON,
      official: [seen('miraculous', 2), seen('insufficient', 0)],
    });
    expect(levels(latest)[0]).toBe('insufficient');
    const mean = forecastGrowth({
      today: TODAY,
      weather: dryWeather(),
      season: SEASON,
      official: [seen('abundant', 0), seen('scarce', 0)],
    });
    // (4 + 2) / 2 = 3: good.
    expect(levels(mean)[0]).toBe('good');
  });

  it(`says nothing once it is ${ANCHOR_DAYS} days old, nor about days out of season, nor the history`, () => {
    const old = forecastGrowth({
      today: TODAY,
      weather: dryWeather(),
      season: SEASON,
      official: [seen('miraculous', ANCHOR_DAYS)],
    });
    expect(levels(old).every((level) => level === 'poor')).toBe(true);
    const winter = forecastGrowth({
      today: TODAY,
      weather: dryWeather(),
      season: { start: '06-01', end: '09-30' },
      official: [seen('good', 0)],
    });
    expect(levels(winter).every((level) => level === 'poor')).toBe(true);
    const history = forecastGrowth({
      today: TODAY,
      weather: dryWeather(),
      season: SEASON,
      official: [seen('good', 3)],
    });
    expect(history.filter((day) => !day.forecast).every((day) => day.level === 'poor')).toBe(true);
  });

  it('skips a day whose weather the model does not have: it cannot tell how far off it was', () => {
    // Weather only from 5 days ago: an observation 4 days ago has days of its look-back missing.
    const short = dryWeather().filter((day) => day.date >= addCalendarDays(TODAY, -5));
    const days = forecastGrowth({
      today: TODAY,
      weather: short,
      season: SEASON,
      official: [seen('good', 4)],
    });
    expect(days.some((day) => day.reasons.some((reason) => reason.kind === 'observed'))).toBe(false);
  });
});

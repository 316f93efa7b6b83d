import type { Season } from '../durations.ts';
import { GROWTH_LEVELS, type GrowthLevel } from '../growth.ts';

/*
 * The growth forecast (ADR 018): each area's rain and temperature history and season turned into
 * a level per day on SPEC's scale, with the reasons as data (the UI words them in five languages).
 * The rule of thumb it encodes: porcini come up about 10–15 days after 30–40 mm of rain, when the
 * weather stays mild. Pure and deterministic, O(days) per area: the API and the browser both run it.
 */

/** One day of an area's weather as the weather storage keeps it: observed, or forecast ahead. */
export type WeatherDay = {
  /** YYYY-MM-DD, the area's calendar day. */
  date: string;
  rainMm: number;
  tempMean: number;
  tempMin: number;
  tempMax: number;
  forecast: boolean;
};

/** What the rule reads of a day: the storage's row passes as it is, and a reader may fetch only these. */
export type GrowthWeatherDay = Pick<WeatherDay, 'date' | 'rainMm' | 'tempMean' | 'tempMin'>;

/** A level someone saw in the area on a day: members' reports, or staff's official observations. */
export type ObservedGrowth = { date: string; level: GrowthLevel };

export type GrowthForecastInput = {
  /** The area's calendar day today: the first forecast day. */
  today: string;
  /** Consecutive days, ascending, ideally from 32 days before today to the last forecast day. */
  weather: readonly GrowthWeatherDay[];
  /** The months mushrooms are looked for in the area; null all year. */
  season: Season | null;
  /** Where mushrooms grow in the area, and the height the weather refers to (Open-Meteo's `elevation`). */
  altitudeM?: number;
  weatherAltitudeM?: number;
  /** Members' reports: they calibrate the forecast by one level at most. */
  observed?: readonly ObservedGrowth[];
  /**
   * The staff's official observations (ADR 040), a day's level each: the latest of the last
   * ANCHOR_DAYS anchors the forecast days after it.
   */
  official?: readonly ObservedGrowth[];
  /** Days before today in the answer (history); 7 unless told. */
  pastDays?: number;
  /** Days from today on (forecast); 7 unless told. */
  forecastDays?: number;
};

export type TemperatureBand = 'cold' | 'cool' | 'mild' | 'warm' | 'hot';

/** Why a day has its level, as data: the UI turns each kind into a sentence. */
export type GrowthReason =
  | { kind: 'out_of_season' }
  /** Rain 8–18 days before the day: `mm` in all, its wettest day `daysAgo`. */
  | { kind: 'rain'; mm: number; daysAgo: number }
  /** Rain on the day and the 7 before it: too recent to show yet, it counts from the 8th day on. */
  | { kind: 'recent_rain'; mm: number; daysAgo: number }
  /** Mean of the daily means over the two weeks up to the day. */
  | { kind: 'temperature'; meanC: number; band: TemperatureBand }
  /** The latest night at or below 0 °C in the week up to the day. */
  | { kind: 'frost'; date: string; minC: number }
  /** Days in a row without rain, up to the day, once they hurt. */
  | { kind: 'dry_spell'; days: number }
  /** Days of the 19 the rule reads that the weather does not cover: counted as dry. */
  | { kind: 'missing_weather'; days: number }
  /** The level moved by reports of the last two weeks. */
  | { kind: 'calibrated'; offset: -1 | 1; reports: number }
  /** The level moved towards what the area's staff saw on `date` (an official observation). */
  | { kind: 'observed'; date: string; level: GrowthLevel };

export type GrowthForecastDay = {
  date: string;
  /** From today on; history before. */
  forecast: boolean;
  level: GrowthLevel;
  /** 0–1, three decimals; the level is read from it with GROWTH_SCORE_FLOORS. */
  score: number;
  reasons: GrowthReason[];
};

/** The lowest score of each level; a level runs up to the next one's floor. */
export const GROWTH_SCORE_FLOORS: Record<GrowthLevel, number> = {
  poor: 0,
  insufficient: 0.15,
  scarce: 0.3,
  good: 0.5,
  abundant: 0.7,
  miraculous: 0.9,
};

/**
 * How much a day's rain counts by how many days before the day it fell (the index): fruiting
 * follows rain by 10–15 days, a little less at 8–9 and 16–18, not at all within the week.
 */
const RAIN_WEIGHTS = [0, 0, 0, 0, 0, 0, 0, 0, 0.5, 0.75, 1, 1, 1, 1, 1, 1, 0.75, 0.5, 0.25];
const RAIN_FROM_DAYS = 8;
const LOOKBACK_DAYS = RAIN_WEIGHTS.length - 1;
/** Effective rain past this adds nothing: 30 mm reaches "good", 60 mm the top of the scale. */
const RAIN_CAP_MM = 60;
/** Last week's rain named as "coming" from this much on. */
const RECENT_RAIN_MM = 10;
/** The soil follows the weather of the last two weeks, not a day's peak. */
const TEMPERATURE_DAYS = 14;
const FROST_DAYS = 7;
/** A frost in the last week halves the score: it stops fruiting and spoils what was up. */
const FROST_FACTOR = 0.5;
/** A day with less rain than this is dry (dew and drizzle do not wet the soil). */
const DRY_DAY_MM = 1;
/** Dry days in a row the woods take before the flush fades, then 10% a day. */
const DRY_SPELL_DAYS = 14;
const DRY_SPELL_LOSS_PER_DAY = 0.1;
/** Reports older than two weeks say nothing about the coming days; younger ones weigh more. */
const CALIBRATION_DAYS = 14;
/**
 * An official observation anchors the forecast for this many days: fully on its own day, fading
 * by a seventh a day to nothing a week later (ADR 040).
 */
export const ANCHOR_DAYS = 7;
/** Standard atmosphere: 0.65 °C cooler per 100 m up. */
const LAPSE_RATE_C_PER_M = 0.0065;
const DAY_MS = 86_400_000;

const LEVEL_FLOORS = GROWTH_LEVELS.map((level) => GROWTH_SCORE_FLOORS[level]);

/** The level a score falls in. */
export function growthLevelOf(score: number): GrowthLevel {
  return GROWTH_LEVELS[levelIndexOf(score)] as GrowthLevel;
}

function levelIndexOf(score: number): number {
  let index = 0;
  while (index + 1 < LEVEL_FLOORS.length && score >= (LEVEL_FLOORS[index + 1] as number)) index++;
  return index;
}

/** 1 between 10 and 20 °C; nothing at 4 °C or below, and falling fast over 24 °C. */
function temperatureFactor(meanC: number): number {
  if (meanC <= 4) return 0;
  if (meanC < 10) return (meanC - 4) / 6;
  if (meanC <= 20) return 1;
  if (meanC <= 24) return 1 - (meanC - 20) * 0.05;
  return Math.max(0, 0.8 - (meanC - 24) * 0.1);
}

function temperatureBand(meanC: number): TemperatureBand {
  if (meanC <= 4) return 'cold';
  if (meanC < 10) return 'cool';
  if (meanC <= 20) return 'mild';
  if (meanC <= 24) return 'warm';
  return 'hot';
}

/** A season as month-day pairs, wrapping the new year when it ends before it starts. */
function isInSeason(season: Season, date: string): boolean {
  const monthDay = date.slice(5);
  return season.start <= season.end
    ? season.start <= monthDay && monthDay <= season.end
    : monthDay >= season.start || monthDay <= season.end;
}

const dayNumber = (date: string) => Date.parse(date) / DAY_MS;
const round1 = (value: number) => Math.round(value * 10) / 10;
const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** The weather by day number; the input itself when it is consecutive, as the storage returns it. */
type WeatherByDay = { first: number; days: readonly (GrowthWeatherDay | undefined)[] };

function indexWeather(weather: readonly GrowthWeatherDay[]): WeatherByDay {
  if (!weather.length) return { first: 0, days: weather };
  const first = dayNumber((weather[0] as GrowthWeatherDay).date);
  // Strictly ascending and spanning as many days as it has: consecutive, with two dates parsed.
  let consecutive = dayNumber((weather.at(-1) as GrowthWeatherDay).date) - first === weather.length - 1;
  for (let index = 1; index < weather.length && consecutive; index++) {
    consecutive = (weather[index - 1] as GrowthWeatherDay).date < (weather[index] as GrowthWeatherDay).date;
  }
  if (consecutive) return { first, days: weather };
  const byDay = new Map(weather.map((day) => [dayNumber(day.date), day]));
  const numbers = [...byDay.keys()];
  const from = Math.min(...numbers);
  const days = Array.from({ length: Math.max(...numbers) - from + 1 }, (_, offset) =>
    byDay.get(from + offset),
  );
  return { first: from, days };
}

type DayContext = { weather: WeatherByDay; season: Season | null; adjustC: number };
type ModelDay = { date: string; score: number; reasons: GrowthReason[]; inSeason: boolean; missing: number };

/** The model's own view of one day, before any calibration. */
function evaluateDay({ weather, season, adjustC }: DayContext, day: number): ModelDay {
  const at = (number: number) => weather.days[number - weather.first];
  const date = at(day)?.date ?? new Date(day * DAY_MS).toISOString().slice(0, 10);
  if (season && !isInSeason(season, date)) {
    return { date, score: 0, reasons: [{ kind: 'out_of_season' }], inSeason: false, missing: 0 };
  }
  let effectiveMm = 0;
  let windowMm = 0;
  let wettestMm = 0;
  let wettestDaysAgo = 0;
  let recentMm = 0;
  let recentWettestMm = 0;
  let recentWettestDaysAgo = 0;
  let missing = 0;
  for (let daysAgo = 0; daysAgo <= LOOKBACK_DAYS; daysAgo++) {
    const mm = at(day - daysAgo)?.rainMm;
    if (mm === undefined) {
      missing++;
    } else if (daysAgo < RAIN_FROM_DAYS) {
      recentMm += mm;
      if (mm > recentWettestMm) {
        recentWettestMm = mm;
        recentWettestDaysAgo = daysAgo;
      }
    } else {
      effectiveMm += (RAIN_WEIGHTS[daysAgo] as number) * mm;
      windowMm += mm;
      if (mm > wettestMm) {
        wettestMm = mm;
        wettestDaysAgo = daysAgo;
      }
    }
  }
  let sumC = 0;
  let counted = 0;
  let frost: { date: string; minC: number } | undefined;
  for (let daysAgo = 0; daysAgo < TEMPERATURE_DAYS; daysAgo++) {
    const weatherDay = at(day - daysAgo);
    if (!weatherDay) continue;
    sumC += weatherDay.tempMean + adjustC;
    counted++;
    const minC = weatherDay.tempMin + adjustC;
    if (!frost && daysAgo < FROST_DAYS && minC <= 0) frost = { date: weatherDay.date, minC: round1(minC) };
  }
  let dryDays = 0;
  for (let number = day; (at(number)?.rainMm ?? DRY_DAY_MM) < DRY_DAY_MM; number--) dryDays++;

  const meanC = counted ? sumC / counted : undefined;
  const score = round3(
    (Math.min(effectiveMm, RAIN_CAP_MM) / RAIN_CAP_MM) *
      (meanC === undefined ? 0 : temperatureFactor(meanC)) *
      (frost ? FROST_FACTOR : 1) *
      Math.max(0, 1 - Math.max(0, dryDays - DRY_SPELL_DAYS) * DRY_SPELL_LOSS_PER_DAY),
  );

  const reasons: GrowthReason[] = [];
  if (windowMm >= DRY_DAY_MM) reasons.push({ kind: 'rain', mm: round1(windowMm), daysAgo: wettestDaysAgo });
  if (recentMm >= RECENT_RAIN_MM) {
    reasons.push({ kind: 'recent_rain', mm: round1(recentMm), daysAgo: recentWettestDaysAgo });
  }
  if (meanC !== undefined) {
    reasons.push({ kind: 'temperature', meanC: round1(meanC), band: temperatureBand(meanC) });
  }
  if (frost) reasons.push({ kind: 'frost', ...frost });
  if (dryDays > DRY_SPELL_DAYS) reasons.push({ kind: 'dry_spell', days: dryDays });
  if (missing) reasons.push({ kind: 'missing_weather', days: missing });
  return { date, score, reasons, inSeason: true, missing };
}

/**
 * Levels seen in the area against the model's for the same days: the mean difference in levels,
 * each report weighing less with age (1 today, ½ a week ago, nothing after two weeks) and the
 * sum of weights taken as at least 1, so one old report moves little. Rounded, it moves the
 * forecast by one level at most. Days the model cannot judge (out of season, weather missing) are
 * left out.
 */
function findCalibration(context: DayContext, today: number, observed: readonly ObservedGrowth[]) {
  let weighted = 0;
  let weights = 0;
  let reports = 0;
  for (const report of observed) {
    const day = dayNumber(report.date);
    const age = today - day;
    if (!(age >= 0 && age < CALIBRATION_DAYS)) continue;
    const model = evaluateDay(context, day);
    if (!model.inSeason || model.missing) continue;
    const weight = 1 - age / CALIBRATION_DAYS;
    weighted += weight * (GROWTH_LEVELS.indexOf(report.level) - levelIndexOf(model.score));
    weights += weight;
    reports++;
  }
  const offset = weighted / Math.max(1, weights);
  return { shift: offset >= 0.5 ? 1 : offset <= -0.5 ? -1 : 0, reports } as const;
}

/** The latest official observation of the last ANCHOR_DAYS that the model can judge, and how far off the model was. */
type Anchor = { day: number; date: string; level: GrowthLevel; difference: number };

/**
 * The anchor (ADR 040): of the official observations of the last ANCHOR_DAYS days (today
 * included), the latest on a day the model can judge (in season, weather complete); several on
 * one day count as their rounded mean. `difference` is its level minus the model's, in levels.
 */
function findAnchor(context: DayContext, today: number, official: readonly ObservedGrowth[]): Anchor | null {
  const byDay = new Map<number, { date: string; levels: number[] }>();
  for (const observation of official) {
    const day = dayNumber(observation.date);
    const age = today - day;
    if (!(age >= 0 && age < ANCHOR_DAYS)) continue;
    const entry = byDay.get(day) ?? { date: observation.date, levels: [] };
    entry.levels.push(GROWTH_LEVELS.indexOf(observation.level));
    byDay.set(day, entry);
  }
  for (const day of [...byDay.keys()].sort((a, b) => b - a)) {
    const model = evaluateDay(context, day);
    if (!model.inSeason || model.missing) continue;
    const { date, levels } = byDay.get(day) as { date: string; levels: number[] };
    const index = Math.round(levels.reduce((sum, level) => sum + level, 0) / levels.length);
    return {
      day,
      date,
      level: GROWTH_LEVELS[index] as GrowthLevel,
      difference: index - levelIndexOf(model.score),
    };
  }
  return null;
}

/** Rounds half away from zero, so a shift of -1.5 is as strong as +1.5. */
const roundLevels = (value: number) => Math.sign(value) * Math.round(Math.abs(value));

/**
 * How many levels a forecast day moves: the anchor's difference, weighing 1 on its day and a
 * seventh less each day after, and the members' calibration for the rest of the weight.
 */
function shiftOn(
  day: number,
  anchor: Anchor | null,
  calibrated: number,
): { shift: number; anchored: boolean } {
  const weight = anchor ? Math.max(0, 1 - (day - anchor.day) / ANCHOR_DAYS) : 0;
  if (!anchor || weight === 0) return { shift: calibrated, anchored: false };
  return { shift: roundLevels(weight * anchor.difference + (1 - weight) * calibrated), anchored: true };
}

/** Moves a score `shift` levels up or down, at the same place within the new level. */
function shiftScore(score: number, shift: number): number {
  const from = levelIndexOf(score);
  const to = Math.min(LEVEL_FLOORS.length - 1, Math.max(0, from + shift));
  if (to === from) return score;
  const bandOf = (index: number) => [LEVEL_FLOORS[index] as number, LEVEL_FLOORS[index + 1] ?? 1] as const;
  const [fromLow, fromHigh] = bandOf(from);
  const [toLow, toHigh] = bandOf(to);
  const shifted = toLow + ((score - fromLow) / (fromHigh - fromLow)) * (toHigh - toLow);
  // The top of a band below "miraculous" belongs to the next one.
  return round3(to === LEVEL_FLOORS.length - 1 ? shifted : Math.min(shifted, toHigh - 0.001));
}

/** The area's level for each day from `pastDays` before today to `forecastDays` from today on. */
export function forecastGrowth(input: GrowthForecastInput): GrowthForecastDay[] {
  const today = dayNumber(input.today);
  if (Number.isNaN(today)) throw new RangeError(`Not a calendar date: ${input.today}`);
  const { pastDays = 7, forecastDays = 7 } = input;
  const context: DayContext = {
    weather: indexWeather(input.weather),
    season: input.season,
    adjustC:
      input.altitudeM === undefined || input.weatherAltitudeM === undefined
        ? 0
        : (input.weatherAltitudeM - input.altitudeM) * LAPSE_RATE_C_PER_M,
  };
  const calibration = input.observed?.length
    ? findCalibration(context, today, input.observed)
    : { shift: 0, reports: 0 };
  const anchor = input.official?.length ? findAnchor(context, today, input.official) : null;
  const days: GrowthForecastDay[] = [];
  for (let day = today - pastDays; day < today + forecastDays; day++) {
    const model = evaluateDay(context, day);
    const forecast = day >= today;
    let score = model.score;
    const { shift, anchored } = shiftOn(day, anchor, calibration.shift);
    if (forecast && model.inSeason && shift !== 0) {
      score = shiftScore(score, shift);
      if (levelIndexOf(score) !== levelIndexOf(model.score)) {
        if (anchored && anchor) {
          model.reasons.push({ kind: 'observed', date: anchor.date, level: anchor.level });
        } else {
          const offset = shift > 0 ? 1 : -1;
          model.reasons.push({ kind: 'calibrated', offset, reports: calibration.reports });
        }
      }
    }
    days.push({ date: model.date, forecast, level: growthLevelOf(score), score, reasons: model.reasons });
  }
  return days;
}

import { describe, expect, it } from 'vitest';
import { addCalendarDays } from '../durations.ts';
import {
  forecastGrowth,
  type GrowthForecastDay,
  type GrowthForecastInput,
  growthLevelOf,
  type WeatherDay,
} from './growth-forecast.ts';

/** An Apennine porcini area: season 1 June – 30 November. */
const SEASON = { start: '06-01', end: '11-30' };
const TODAY = '2026-10-05';

/**
 * Weather from 32 days before `today` (enough for the rule's 18-day look-back over two weeks of
 * reports) to 6 days after, dry and at one temperature unless a day says otherwise; `rain` and
 * `minC` are keyed by days from today (-12 is twelve days ago).
 */
function weather(options: {
  today?: string;
  meanC?: number;
  rain?: Record<number, number>;
  minC?: Record<number, number>;
}): WeatherDay[] {
  const { today = TODAY, meanC = 15, rain = {}, minC = {} } = options;
  return Array.from({ length: 39 }, (_, index) => {
    const offset = index - 32;
    return {
      date: addCalendarDays(today, offset),
      rainMm: rain[offset] ?? 0,
      tempMean: meanC,
      tempMin: minC[offset] ?? meanC - 7,
      tempMax: meanC + 7,
      forecast: offset >= 0,
    };
  });
}

function forecast(input: Partial<GrowthForecastInput> & Pick<GrowthForecastInput, 'weather'>) {
  return forecastGrowth({ today: TODAY, season: SEASON, ...input });
}

const dayOf = (days: GrowthForecastDay[], date: string) => days.find((day) => day.date === date);
const todayOf = (days: GrowthForecastDay[]) => dayOf(days, TODAY) as GrowthForecastDay;

describe('the rule of thumb: porcini 10–15 days after 30–40 mm of rain in mild weather', () => {
  it('calls 35 mm of rain 12 days ago at a mean 15 °C good, and says so', () => {
    const today = todayOf(forecast({ weather: weather({ rain: { [-12]: 35 } }) }));
    // 35 mm at full weight, of a 60 mm cap: 0.583, "good" from 0.5.
    expect(today).toEqual({
      date: TODAY,
      forecast: true,
      level: 'good',
      score: 0.583,
      reasons: [
        { kind: 'rain', mm: 35, daysAgo: 12 },
        { kind: 'temperature', meanC: 15, band: 'mild' },
      ],
    });
  });

  it('calls more rain better, up to the top of the scale', () => {
    expect(todayOf(forecast({ weather: weather({ rain: { [-12]: 45 } }) })).level).toBe('abundant');
    expect(todayOf(forecast({ weather: weather({ rain: { [-12]: 120 } }) }))).toMatchObject({
      level: 'miraculous',
      score: 1,
    });
  });

  it('follows the rain as it ages: good until 15 days after it, fading from the 16th', () => {
    const days = forecast({ weather: weather({ rain: { [-12]: 35 } }) }).filter((day) => day.forecast);
    expect(days.map((day) => day.level)).toEqual([
      'good',
      'good',
      'good',
      'good',
      'scarce',
      'insufficient',
      'poor',
    ]);
    // 16 days after: 0.75 × 35 mm of 60 = 0.4375, and 16 dry days lose 20%: 0.35.
    expect(days[4]?.score).toBe(0.35);
    expect(days[6]?.reasons).toContainEqual({ kind: 'dry_spell', days: 18 });
  });

  it('expects less from the same rain in a heat wave', () => {
    const today = todayOf(forecast({ weather: weather({ meanC: 28, rain: { [-12]: 35 } }) }));
    // 0.583 × 0.4 (28 °C is 4 degrees past 24, 10% each from 0.8).
    expect(today).toMatchObject({ level: 'insufficient', score: 0.233 });
    expect(today.reasons).toContainEqual({ kind: 'temperature', meanC: 28, band: 'hot' });
  });

  it('expects less after a frost last week', () => {
    const today = todayOf(forecast({ weather: weather({ rain: { [-12]: 35 }, minC: { [-3]: -1 } }) }));
    expect(today).toMatchObject({ level: 'insufficient', score: 0.292 });
    expect(today.reasons).toContainEqual({ kind: 'frost', date: '2026-10-02', minC: -1 });
  });

  it('forgets a frost more than a week old', () => {
    const today = todayOf(forecast({ weather: weather({ rain: { [-12]: 35 }, minC: { [-7]: -1 } }) }));
    expect(today.level).toBe('good');
  });

  it('calls 20 days without rain poor, naming the dry spell', () => {
    const today = todayOf(forecast({ weather: weather({ rain: { [-20]: 40 } }) }));
    expect(today).toMatchObject({ level: 'poor', score: 0 });
    expect(today.reasons).toEqual([
      { kind: 'temperature', meanC: 15, band: 'mild' },
      { kind: 'dry_spell', days: 20 },
    ]);
  });

  it('calls every day out of season poor, whatever the rain', () => {
    const december = '2026-12-15';
    const days = forecast({ today: december, weather: weather({ today: december, rain: { [-12]: 35 } }) });
    expect(days.map((day) => [day.level, day.reasons])).toEqual(
      Array.from({ length: 14 }, () => ['poor', [{ kind: 'out_of_season' }]]),
    );
  });

  it('follows a season that runs across the new year', () => {
    const january = '2027-01-10';
    const input = { today: january, weather: weather({ today: january, rain: { [-12]: 35 } }) };
    expect(dayOf(forecast({ ...input, season: { start: '10-01', end: '03-31' } }), january)?.level).toBe(
      'good',
    );
    expect(dayOf(forecast({ ...input, season: { start: '04-01', end: '09-30' } }), january)?.level).toBe(
      'poor',
    );
  });

  it('does not expect mushrooms yet after heavy rain yesterday, but says it is coming', () => {
    const days = forecast({ weather: weather({ rain: { [-1]: 60 } }) }).filter((day) => day.forecast);
    expect(days.map((day) => day.level)).toEqual(Array(7).fill('poor'));
    expect(days[0]?.reasons).toEqual([
      { kind: 'recent_rain', mm: 60, daysAgo: 1 },
      { kind: 'temperature', meanC: 15, band: 'mild' },
    ]);
  });

  it('reads the temperature at the area’s altitude, 0.65 °C cooler per 100 m up', () => {
    const input = { weather: weather({ meanC: 12, rain: { [-12]: 35 } }), weatherAltitudeM: 400 };
    const high = todayOf(forecast({ ...input, altitudeM: 1400 }));
    // 12 − 6.5 = 5.5 °C, a quarter of the mild weather's factor; the nights, 5 °C below, freeze up
    // there: 0.583 × 0.25 × 0.5.
    expect(high).toMatchObject({ level: 'poor', score: 0.073 });
    expect(high.reasons).toContainEqual({ kind: 'temperature', meanC: 5.5, band: 'cool' });
    expect(high.reasons).toContainEqual({ kind: 'frost', date: '2026-10-05', minC: -1.5 });
    expect(todayOf(forecast(input)).level).toBe('good');
  });
});

describe('weather as the storage may give it', () => {
  it('reads days in any order', () => {
    const rainy = weather({ rain: { [-12]: 35 } });
    expect(forecast({ weather: [...rainy].reverse() })).toEqual(forecast({ weather: rainy }));
  });

  it('counts a day the weather lacks as dry, and says so', () => {
    // The rainy day itself, 12 days ago, is missing.
    const withGap = weather({ rain: { [-12]: 35 } }).filter((day) => day.date !== '2026-09-23');
    expect(todayOf(forecast({ weather: withGap }))).toMatchObject({
      level: 'poor',
      score: 0,
      reasons: [
        { kind: 'temperature', meanC: 15, band: 'mild' },
        { kind: 'missing_weather', days: 1 },
      ],
    });
  });
});

describe('calibration by what members saw', () => {
  const rainyWeather = weather({ rain: { [-12]: 35 } });
  const reported = (level: GrowthForecastDay['level'], ...daysAgo: number[]) =>
    daysAgo.map((ago) => ({ date: addCalendarDays(TODAY, -ago), level }));

  it('raises the forecast one level when recent reports saw more, and says so', () => {
    const days = forecast({ weather: rainyWeather, observed: reported('abundant', 1, 2) });
    // The model said good on both days; the shift keeps the score's place within its level.
    expect(todayOf(days)).toMatchObject({ level: 'abundant', score: 0.783 });
    expect(todayOf(days).reasons.at(-1)).toEqual({ kind: 'calibrated', offset: 1, reports: 2 });
  });

  it('moves the forecast one level at most, however far the reports are', () => {
    expect(todayOf(forecast({ weather: rainyWeather, observed: reported('miraculous', 1, 2) })).level).toBe(
      'abundant',
    );
    const lower = todayOf(forecast({ weather: rainyWeather, observed: reported('poor', 0, 1, 2) }));
    expect(lower.level).toBe('scarce');
    expect(lower.reasons.at(-1)).toEqual({ kind: 'calibrated', offset: -1, reports: 3 });
  });

  it('leaves the history as the model saw it, to be read beside the reports', () => {
    const days = forecast({ weather: rainyWeather, observed: reported('abundant', 1, 2) });
    expect(
      days.filter((day) => !day.forecast).every((day) => day.reasons.at(-1)?.kind !== 'calibrated'),
    ).toBe(true);
  });

  it('lets a report count less as it ages', () => {
    // The model said poor 8 days ago (the rain was 4 days old); a report of insufficient then
    // weighs 6/14 and does not move the forecast. The same difference yesterday does.
    const weekOld = forecast({ weather: rainyWeather, observed: reported('insufficient', 8) });
    expect(todayOf(weekOld).level).toBe('good');
    const yesterday = forecast({ weather: rainyWeather, observed: reported('abundant', 1) });
    expect(todayOf(yesterday).level).toBe('abundant');
    const tooOld = forecast({ weather: rainyWeather, observed: reported('miraculous', 14, 15) });
    expect(todayOf(tooOld).level).toBe('good');
  });

  it('agrees with reports that agree with it', () => {
    const days = forecast({ weather: rainyWeather, observed: reported('good', 1, 2, 3) });
    expect(todayOf(days)).toMatchObject({ level: 'good', score: 0.583 });
  });
});

describe('a fixed 28-day series: 21 days observed, 7 forecast (golden)', () => {
  // 1–28 September 2026, today the 22nd.
  const rain = [0, 12, 0, 0, 18, 20, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 25, 4, 0, 0, 0];
  const means = [19, 19, 18, 18, 17, 17, 16, 16, 16, 15, 15, 15, 14, 14, 14, 13, 13, 13, 12, 12, 12];
  const forecastMeans = [12, 11, 11, 10, 9, 8, 8];
  const series: WeatherDay[] = [...means, ...forecastMeans].map((meanC, index) => ({
    date: addCalendarDays('2026-09-01', index),
    rainMm: rain[index] as number,
    tempMean: meanC,
    // A cold night forecast for the 27th.
    tempMin: index === 26 ? -1 : meanC - 7,
    tempMax: meanC + 7,
    forecast: index >= 21,
  }));
  const days = forecastGrowth({ today: '2026-09-22', weather: series, season: SEASON });

  it('gives the levels of the 15th to the 28th', () => {
    expect(days.map((day) => `${day.date.slice(8)} ${day.level} ${day.score}`)).toEqual([
      '15 abundant 0.75',
      // 20 mm ×1 (10 days before) + 18 mm ×1 (11) + 12 mm ×1 (14) = 50 mm of 60.
      '16 abundant 0.833',
      '17 abundant 0.858',
      '18 abundant 0.821',
      '19 abundant 0.783',
      '20 abundant 0.733',
      // 20 mm ×1 (15) + 18 mm ×0.75 (16) + 3 mm ×1 (12) = 36.5 mm.
      '21 good 0.608',
      // Today: 20 mm ×0.75 (16) + 18 mm ×0.5 (17) + 3 mm ×1 (13) = 27 mm: scarce.
      '22 scarce 0.45',
      '23 insufficient 0.292',
      '24 poor 0.133',
      '25 poor 0.088',
      '26 poor 0.1',
      // 6 mm ×1 (10) + 3 mm ×0.25 (18) = 6.75 mm, halved by the frost: 0.056.
      '27 poor 0.056',
      '28 poor 0.05',
    ]);
  });

  it('explains the 15th: 50 mm from the 2nd to the 7th, mean 16 °C, four days before the series', () => {
    // 12 mm ×1 (13 days before) + 18 mm ×1 (10) + 20 mm ×0.75 (9) = 45 mm of 60: 0.75.
    expect(days[0]?.reasons).toEqual([
      { kind: 'rain', mm: 50, daysAgo: 9 },
      { kind: 'temperature', meanC: 16, band: 'mild' },
      { kind: 'missing_weather', days: 4 },
    ]);
  });

  it('explains the 27th: the forecast rain is still to come, and the cold night halves what is left', () => {
    expect(days[12]?.reasons).toEqual([
      { kind: 'rain', mm: 9, daysAgo: 10 },
      { kind: 'recent_rain', mm: 29, daysAgo: 3 },
      { kind: 'temperature', meanC: 11.7, band: 'mild' },
      { kind: 'frost', date: '2026-09-27', minC: -1 },
    ]);
  });
});

describe('score to level', () => {
  it('uses the documented floors', () => {
    expect([0, 0.149, 0.15, 0.299, 0.3, 0.499, 0.5, 0.699, 0.7, 0.899, 0.9, 1].map(growthLevelOf)).toEqual([
      'poor',
      'poor',
      'insufficient',
      'insufficient',
      'scarce',
      'scarce',
      'good',
      'good',
      'abundant',
      'abundant',
      'miraculous',
      'miraculous',
    ]);
  });
});

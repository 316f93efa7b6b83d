import { addCalendarDays, calendarDateIn, parseCalendarDate } from '@sentiero/contract/durations';
import type { Clock } from '../context.ts';
import type { DailyWeather, DailyWeatherRequest, WeatherLocation, WeatherSource } from './source.ts';

/**
 * The offline stand-in for Open-Meteo (OPEN_METEO_URL=off, the default outside production): days
 * made up from a place's latitude, altitude when known, and the season, with a pseudo-random rain
 * pattern seeded by the place and the date. Plausible for southern Europe, never an observation.
 * The same place and day always give the same weather, whoever asks and when, so a refresh
 * rewrites a day with what it already held and tests can count on the figures.
 */
export function climatologySource(clock: Clock): WeatherSource {
  return {
    name: 'climatology',
    batchSize: 500,
    async fetchDaily({ locations, timeZone, pastDays, forecastDays }: DailyWeatherRequest) {
      const today = calendarDateIn(timeZone, clock.now());
      const dates = Array.from({ length: pastDays + forecastDays }, (_, index) =>
        addCalendarDays(today, index - pastDays),
      );
      return {
        ok: true,
        days: locations.map((location) => dates.map((date) => climatologyDay(location, date))),
      };
    },
  };
}

/** 32-bit FNV-1a of a text: the seed of one place, day and quantity. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

/** A number in [0, 1) fixed by the place, the day and what it is for. */
function draw(location: WeatherLocation, date: string, purpose: string): number {
  // mulberry32's finaliser spreads FNV's weak low bits.
  let value = hash(`${location.latitude.toFixed(3)},${location.longitude.toFixed(3)},${date},${purpose}`);
  value = Math.imul(value ^ (value >>> 15), value | 1);
  value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
  return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

function dayOfYear(date: string): number {
  const day = parseCalendarDate(date);
  if (!day) throw new RangeError(`Not a calendar date: ${date}`);
  return Math.floor((day.getTime() - Date.UTC(day.getUTCFullYear(), 0, 1)) / 86_400_000) + 1;
}

/** A wet or dry spell lasts a few days: the days of one 4-day block share it. */
function spellOf(location: WeatherLocation, date: string): number {
  const day = parseCalendarDate(date)?.getTime() ?? 0;
  const block = Math.floor(day / (4 * 86_400_000));
  return draw(location, `spell-${block}`, 'spell');
}

export function climatologyDay(location: WeatherLocation, date: string): DailyWeather {
  const latitude = Math.abs(location.latitude);
  const season = Math.cos((2 * Math.PI * (dayOfYear(date) - 201)) / 365.25);
  // Yearly mean at sea level: about 16 °C at 38° N (Sicily), 12.5 °C at 46° N (the Alps'
  // foothills); the lapse rate takes 6.5 °C per km of altitude off it.
  const yearlyMean = 33.5 - 0.45 * latitude - 0.0065 * (location.elevationM ?? 0);
  const amplitude = 8 + 0.15 * (latitude - 38);
  // Neighbouring days share part of their anomaly, as real weather does.
  const anomaly =
    (draw(location, date, 'anomaly') +
      draw(location, addCalendarDays(date, -1), 'anomaly') +
      draw(location, addCalendarDays(date, 1), 'anomaly')) *
      4 -
    6;

  // Rain is likeliest in autumn (peak early November) and least likely in midsummer, except
  // for the summer storms of the mountains; a wet spell doubles the chance of a rainy day.
  const autumn = Math.cos((2 * Math.PI * (dayOfYear(date) - 310)) / 365.25);
  const summer = Math.max(0, season);
  const chance = (0.27 + 0.08 * autumn) * (spellOf(location, date) < 0.35 ? 1.9 : 0.55);
  const wet = draw(location, date, 'wet') < chance;
  const rainMm = wet ? round1(-7 * Math.log(1 - draw(location, date, 'amount') * 0.995)) : 0;
  const storm = wet && summer > 0.5 && rainMm >= 12 && draw(location, date, 'storm') < 0.6;

  const mean = yearlyMean + amplitude * season + anomaly - (wet ? 1.5 : 0);
  const range = wet ? 5 : 9 + 3 * draw(location, date, 'range');
  const tempMin = round1(mean - range / 2);
  const tempMax = round1(mean + range / 2);

  let weatherCode: number;
  if (storm) weatherCode = 95;
  else if (wet && tempMax < 1) weatherCode = rainMm >= 10 ? 75 : 71;
  else if (wet) weatherCode = rainMm >= 20 ? 65 : rainMm >= 5 ? 63 : 61;
  else weatherCode = [0, 1, 2, 3][Math.floor(draw(location, date, 'cloud') * 4)] ?? 0;

  const gustKmh = round1(14 + 26 * draw(location, date, 'gust') + (storm ? 35 : wet ? 10 : 0));
  return { date, rainMm, tempMean: round1(mean), tempMin, tempMax, weatherCode, gustKmh };
}

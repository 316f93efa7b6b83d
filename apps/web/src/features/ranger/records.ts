import { calendarDateIn } from '@sentiero/contract/durations';
import type {
  BasketVerdict,
  FieldGrowthRecord,
  FieldInspectionRecord,
  FieldRecord,
  FieldUseRecord,
} from '@sentiero/contract/ranger';
import { chainRecordHash } from '@sentiero/contract/ranger-field';
import { DEFAULT_AREA_TIME_ZONE } from '@sentiero/contract/ticket-verdict';
import { appendRecord, type StoredRecord } from './store.ts';

/**
 * What the ranger records on the phone (ADR 043, 047): a use, an inspection or a growth level,
 * written at once to IndexedDB at the end of the device's one hash chain, with a client id the
 * server counts once, the phone's time and, if the ranger allowed it, the position.
 */

export type Position = { latitude: number; longitude: number } | null;

/** The phone's time with its offset, as the chain keeps it: `2026-09-13T10:04:05.120+02:00`. */
export function deviceTime(now: Date): string {
  const offset = -now.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const pad = (value: number, length = 2) => String(Math.trunc(Math.abs(value))).padStart(length, '0');
  const local = new Date(now.getTime() + offset * 60_000);
  return (
    `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}` +
    `.${pad(local.getUTCMilliseconds(), 3)}${sign}${pad(offset / 60)}:${pad(offset % 60)}`
  );
}

type Kind<K extends FieldRecord['kind']> = Omit<
  Extract<FieldRecord, { kind: K }>,
  'client_id' | 'seq' | 'prev_hash' | 'hash' | 'device_time' | 'latitude' | 'longitude'
>;
export type NewRecord = Kind<'use'> | Kind<'inspection'> | Kind<'growth'>;

/** A record made at `now` and its place in the chain, with its hash: what the server recomputes. */
export async function chainedRecord(
  fields: NewRecord,
  place: { seq: number; prevHash: string; clientId: string },
  now: Date,
  position: Position,
): Promise<FieldRecord> {
  const unhashed = {
    ...fields,
    client_id: place.clientId,
    seq: place.seq,
    device_time: deviceTime(now),
    latitude: position?.latitude ?? null,
    longitude: position?.longitude ?? null,
    prev_hash: place.prevHash,
  } as Omit<FieldUseRecord, 'hash'> | Omit<FieldInspectionRecord, 'hash'> | Omit<FieldGrowthRecord, 'hash'>;
  return { ...unhashed, hash: await chainRecordHash(unhashed) } as FieldRecord;
}

/** Records it on the phone at once, at the end of the chain. */
export function recordOnPhone(
  fields: NewRecord,
  position: Position,
  now = new Date(),
): Promise<StoredRecord> {
  return appendRecord((seq, prevHash) =>
    chainedRecord(fields, { seq, prevHash, clientId: crypto.randomUUID() }, now, position),
  );
}

/** The position, if the ranger allows it and it comes quickly; never a reason not to record. */
export function currentPosition(timeoutMs = 3000): Promise<Position> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), timeoutMs + 500);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        clearTimeout(timer);
        resolve({
          latitude: Math.round(coords.latitude * 1e6) / 1e6,
          longitude: Math.round(coords.longitude * 1e6) / 1e6,
        });
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 60_000 },
    );
  });
}

/**
 * A basket judged at once on the phone, as the server will (`BasketVerdict`): against the area's
 * daily limit, with what the same ticket's holder already declared in that area that day on this
 * phone. No ticket (no permit): this basket alone.
 */
export function judgeBasket(input: {
  basketG: number;
  limitG: number | null;
  areaId: number;
  ticketCode: string | null;
  timeZone: string | undefined;
  records: readonly StoredRecord[];
  now: Date;
}): BasketVerdict {
  const zone = input.timeZone ?? DEFAULT_AREA_TIME_ZONE;
  const today = calendarDateIn(zone, input.now);
  let declared = input.basketG;
  if (input.ticketCode !== null) {
    for (const { record } of input.records) {
      if (
        record.kind === 'inspection' &&
        record.area_id === input.areaId &&
        record.ticket_code === input.ticketCode &&
        record.basket_g !== null &&
        calendarDateIn(zone, new Date(record.device_time)) === today
      )
        declared += record.basket_g;
    }
  }
  return {
    limit_g: input.limitG,
    declared_today_g: declared,
    over: input.limitG !== null && declared > input.limitG,
  };
}

/** "1,2" or "1.25" kilograms as whole grams; null for anything else. */
export function parseKilograms(text: string): number | null {
  const normalised = text.trim().replace(',', '.');
  if (!/^\d{1,3}(\.\d{1,3})?$/.test(normalised)) return null;
  return Math.round(Number(normalised) * 1000);
}

import { createHash } from 'node:crypto';
import type { ChainGrowthRecord, ChainInspectionRecord } from '@sentiero/contract/ranger-field';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { TestApp } from './app.ts';
import type { TestClock } from './clock.ts';
import { createArea, createTicket, createTicketHolder, type HeldTicket } from './factories.ts';
import { enrolDevice, type TestDevice } from './ranger-devices.ts';
import { createOperator, createStaff, type TestStaff } from './staff-factories.ts';

/*
 * Two operators' rangers and their phones, sending every kind of record to one chain per device
 * (ADR 047): the world of ranger-records.test.ts and ranger-records-access.test.ts.
 */

export const RECORDS = '/api/ranger/records?lng=en';
export const PHOTO = '/api/ranger/inspection/photo?lng=en';

export type RangerWorld = {
  owner: TestStaff;
  otherOwner: TestStaff;
  /** The operator's ranger, guarding the north area only: the first phone's. */
  ranger: TestStaff;
  areas: { north: number; south: number; elsewhere: number; northRegion: number };
  first: TestDevice;
  /** A colleague's phone, guarding all of the operator's areas. */
  second: TestDevice;
  /** The other operator's ranger's phone. */
  foreign: TestDevice;
  /** A ticket of the north area, held by Bruno Basket. */
  holder: HeldTicket;
};

/** The north area's daily limit is 2 kg, the other operator's 3 kg. */
export async function makeRangerWorld(sut: TestApp, clock: TestClock): Promise<RangerWorld> {
  const { db } = sut.database;
  const operator = await createOperator(db);
  const other = await createOperator(db);
  const north = await createArea(db, { operatorId: operator.id, dailyLimitG: 2000 });
  const areas = {
    north: north.id,
    northRegion: north.regionId,
    south: (await createArea(db, { operatorId: operator.id })).id,
    elsewhere: (await createArea(db, { operatorId: other.id, dailyLimitG: 3000 })).id,
  };
  const ranger = await createStaff(db, { role: 'ranger', operatorId: operator.id, areaIds: [areas.north] });
  const colleague = await createStaff(db, { role: 'ranger', operatorId: operator.id });
  const foreignRanger = await createStaff(db, { role: 'ranger', operatorId: other.id });
  const owner = await createStaff(db, { role: 'owner', operatorId: operator.id });
  const otherOwner = await createStaff(db, { role: 'owner', operatorId: other.id });
  const first = await enrolDevice(sut, ranger, clock, 'First phone');
  const second = await enrolDevice(sut, colleague, clock, 'Second phone');
  const foreign = await enrolDevice(sut, foreignRanger, clock, 'Foreign phone');
  const ticket = await createTicket(db, { areaId: areas.north });
  const holder = (await createTicketHolder(sut, ticket, { holder: 'Bruno Basket' })).ticket;
  return { owner, otherOwner, ranger, areas, first, second, foreign, holder };
}

type Fields<R> = Partial<Omit<R, 'seq' | 'client_id' | 'prev_hash' | 'kind'>>;

/**
 * Records as the phone fills them in, `minutes` after the clock's time: by default an inspection
 * of the held ticket and a good porcini growth, both in the world's north area.
 */
export function recordBuilders(clock: TestClock, world: () => RangerWorld) {
  const at = (minutes: number) => new Date(clock.ms() + minutes * 60_000).toISOString();
  const inspection = (
    fields: Fields<ChainInspectionRecord>,
  ): Omit<ChainInspectionRecord, 'seq' | 'client_id' | 'prev_hash'> => ({
    kind: 'inspection',
    area_id: world().areas.north,
    ticket_code: world().holder.code,
    outcome: 'ok',
    note: '',
    basket_g: null,
    photo_hashes: [],
    device_time: at(0),
    latitude: 46.1,
    longitude: 11.1,
    ...fields,
  });
  const growth = (
    fields: Fields<ChainGrowthRecord> = {},
  ): Omit<ChainGrowthRecord, 'seq' | 'client_id' | 'prev_hash'> => ({
    kind: 'growth',
    area_id: world().areas.north,
    level: 'good',
    species: 'boletus-edulis',
    device_time: at(0),
    latitude: null,
    longitude: null,
    ...fields,
  });
  return { at, inspection, growth };
}

/** Sends records and answers each one's result; anything but 200 fails the test. */
export async function sendRecords(device: TestDevice, records: object[]) {
  const answer = await device.request('POST', RECORDS, { records });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().results as {
    client_id: string;
    kind: string;
    outcome: string;
    conflict: boolean;
    chain: string;
    basket: { limit_g: number | null; declared_today_g: number; over: boolean } | null;
  }[];
}

export const photoOf = (colour: string) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

import { generateKeyPairSync } from 'node:crypto';
import { decodeTicketCode } from '@sentiero/contract/ticket-code';
import { issuedTickets } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadTicketSigner } from '../../platform/ticket-signing.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import { createTicket, createTicketHolder, type HeldTicket, type TestTicket } from '../../test/factories.ts';
import { enrolDevice, type TestDevice } from '../../test/ranger-devices.ts';
import { createStaff, defaultOperatorId } from '../../test/staff-factories.ts';

// The operator's key, known to the test so that it can sign what Sentiero never issued.
const SIGNING_KEY = generateKeyPairSync('ed25519')
  .privateKey.export({ format: 'pem', type: 'pkcs8' })
  .toString();
const sentieroKey = loadTicketSigner({ privateKeyPem: SIGNING_KEY });

const START = Date.parse('2026-11-23T08:00:00Z');
const clocks = createClockSwitch();
let clock: TestClock;
let sut: TestApp;
let ticket: TestTicket;
let device: TestDevice;
beforeAll(async () => {
  sut = await createTestApp({ TICKET_SIGNING_KEY: SIGNING_KEY }, { clock: clocks });
});
afterAll(() => sut.close());
/** Each test's own clock, ticket and ranger's phone. */
beforeEach(async () => {
  clock = clocks.use(createTestClock(START));
  ticket = await createTicket(sut.database.db);
  // Redeeming is a ranger's, from an enrolled device (ADR 043), for the operator of the ticket's area.
  const ranger = await createStaff(sut.database.db, {
    role: 'ranger',
    operatorId: await defaultOperatorId(sut.database.db),
  });
  device = await enrolDevice(sut, ranger, clock);
});

/** A member's freshly bought ticket, and the clock on its valid day. */
async function boughtTicket(): Promise<HeldTicket> {
  clock.set(START);
  const { ticket: issued } = await createTicketHolder(sut, ticket);
  clock.set(Date.parse(`${ticket.date}T09:00:00Z`));
  return issued;
}

const redeem = (code: string, lng = 'en', typed = false) =>
  device.request('POST', `/api/ranger/redeem?lng=${lng}`, { code, typed });

const usesOf = async (code: string) => {
  const [row] = await sut.database.db
    .select({ uses: issuedTickets.uses })
    .from(issuedTickets)
    .where(eq(issuedTickets.code, code));
  return row?.uses;
};

/** The signed text with its payload rewritten and the original signature kept. */
function alter(signedCode: string, change: (wire: unknown[]) => void): string {
  const [prefix, payload, signature] = signedCode.split('.');
  const wire = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as unknown[];
  change(wire);
  return `${prefix}.${Buffer.from(JSON.stringify(wire)).toString('base64url')}.${signature}`;
}

const NOT_GENUINE = {
  code: 'TICKET_CODE_INVALID',
  message: 'This ticket code is not genuine: it was altered or not issued by us. Do not accept it.',
};

describe('ranger/redeem checks the code it is given', () => {
  it('records a use of a genuine QR code, and of the ticket code typed by hand', async () => {
    const issued = await boughtTicket();
    expect((await redeem(issued.signed_code)).statusCode).toBe(200);
    expect(await usesOf(issued.code)).toBe(1);
    const typed = await boughtTicket();
    expect((await redeem(typed.code.toLowerCase(), 'en', true)).statusCode).toBe(200);
    expect(await usesOf(typed.code)).toBe(1);
  });

  it('records a use of the compact QR code the ticket shows, and refuses one altered by a letter', async () => {
    const issued = await boughtTicket();
    expect(issued.qr_code.startsWith('ST2.')).toBe(true);
    // One character of the signed claims changed (the base32 text stays well-formed).
    const at = 10;
    const other = issued.qr_code[at] === 'A' ? 'B' : 'A';
    const forged = `${issued.qr_code.slice(0, at)}${other}${issued.qr_code.slice(at + 1)}`;
    const refused = await redeem(forged);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject(NOT_GENUINE);
    expect(await usesOf(issued.code)).toBe(0);
    expect((await redeem(issued.qr_code)).statusCode).toBe(200);
    expect(await usesOf(issued.code)).toBe(1);
  });

  it('refuses a scanned QR code that holds a bare ticket code instead of a signed one', async () => {
    const issued = await boughtTicket();
    const response = await redeem(issued.code);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject(NOT_GENUINE);
    expect(await usesOf(issued.code)).toBe(0);
  });

  it('refuses a QR code whose holder or dates were altered, and records no use', async () => {
    const issued = await boughtTicket();
    const renamed = alter(issued.signed_code, (wire) => {
      wire[6] = 'Someone Else';
    });
    const extended = alter(issued.signed_code, (wire) => {
      wire[5] = '2030-12-31';
    });
    for (const forged of [renamed, extended]) {
      expect(decodeTicketCode(forged)).not.toBeNull();
      const response = await redeem(forged);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject(NOT_GENUINE);
    }
    expect(await usesOf(issued.code)).toBe(0);
  });

  it('refuses a code signed with another key, even one that names a real ticket', async () => {
    const issued = await boughtTicket();
    const decoded = decodeTicketCode(issued.signed_code);
    if (!decoded) throw new Error('the issued code does not decode');
    const { key_id: _ours, ...payload } = decoded.payload;
    const forged = loadTicketSigner().sign(payload);
    const response = await redeem(forged, 'it');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('TICKET_CODE_INVALID');
    expect(response.json().message).toBe(
      'Questo codice biglietto non è autentico: è stato alterato o non è stato emesso da noi. Non accettarlo.',
    );
    expect(await usesOf(issued.code)).toBe(0);
  });

  it("refuses a code signed with Sentiero's key that does not match the stored ticket", async () => {
    const issued = await boughtTicket();
    const decoded = decodeTicketCode(issued.signed_code);
    if (!decoded) throw new Error('the issued code does not decode');
    const { key_id: _ours, ...payload } = decoded.payload;
    for (const changed of [
      { ...payload, holder: 'Someone Else' },
      { ...payload, valid_until: '2030-12-31' },
      { ...payload, issued_at: payload.issued_at - 86_400 },
    ]) {
      const response = await redeem(sentieroKey.sign(changed));
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('TICKET_CODE_INVALID');
    }
    expect(await usesOf(issued.code)).toBe(0);
  });

  it('refuses text that is neither a signed code nor a ticket code', async () => {
    const response = await redeem('ST1.not-base64!.xyz');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('TICKET_CODE_INVALID');
  });
});

import { request } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpsSink, startHttpsSink } from '../test/fakes/https-sink.ts';
import { loadConfig } from './config.ts';
import { pushAgents } from './push.ts';
import {
  isPublicAddress,
  isPushServiceEndpoint,
  PUSH_SERVICE_HOSTS,
  type PushDestinations,
} from './push-destinations.ts';

/*
 * Where pushes may go (issue 21, defect 3): only the browsers' push services, by name, on 443,
 * and only to public addresses whatever those names resolve to.
 */

const SERVICES: PushDestinations = { hosts: PUSH_SERVICE_HOSTS, loopback: false };
const WITH_LOOPBACK: PushDestinations = { hosts: PUSH_SERVICE_HOSTS, loopback: true };

let sink: HttpsSink;
beforeAll(async () => {
  sink = await startHttpsSink();
});
afterAll(async () => {
  await sink.close();
});

describe('the push services a subscription may point to', () => {
  it('takes the endpoints of Chrome, Firefox, Safari and Edge', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAAB',
      'https://web.push.apple.com/QGuQyavXutnMRs',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD',
      'https://FCM.googleapis.com:443/fcm/send/x',
    ]) {
      expect(isPushServiceEndpoint(endpoint, SERVICES), endpoint).toBe(true);
    }
  });

  it('refuses any other host, port or scheme, and addresses in place of names', () => {
    for (const endpoint of [
      'https://127.0.0.1:4443/push/1',
      'https://10.11.12.13/push',
      'https://[::1]/push',
      'https://[::ffff:127.0.0.1]/push',
      'https://169.254.169.254/latest/meta-data',
      'https://localhost/push',
      'https://internal.sentiero.example/push',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com.attacker.example/x',
      'https://attacker-fcm.googleapis.com.example/x',
      'https://notify.windows.com/w/',
      'https://evilnotify.windows.com/w/',
      'https://user:secret@fcm.googleapis.com/fcm/send/x',
      'not a url',
    ]) {
      expect(isPushServiceEndpoint(endpoint, SERVICES), endpoint).toBe(false);
    }
    expect(
      isPushServiceEndpoint('https://10.11.12.13/push', { hosts: ['10.11.12.13'], loopback: false }),
    ).toBe(false);
  });

  it('takes a push service on this machine only when tests allow it, and nothing else inside', () => {
    for (const endpoint of [
      'http://127.0.0.1:9999/push/1',
      'https://localhost:4443/x',
      'https://[::1]:4443/x',
    ]) {
      expect(isPushServiceEndpoint(endpoint, WITH_LOOPBACK), endpoint).toBe(true);
      expect(isPushServiceEndpoint(endpoint, SERVICES), endpoint).toBe(false);
    }
    expect(isPushServiceEndpoint('https://10.11.12.13/push', WITH_LOOPBACK)).toBe(false);
    expect(isPushServiceEndpoint('http://fcm.googleapis.com/x', WITH_LOOPBACK)).toBe(false);
  });
});

describe('the addresses a push may connect to', () => {
  it('refuses loopback, private, link-local, unique-local, carrier NAT, multicast and reserved ranges', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.0.1',
      '0.0.0.0',
      '0.1.2.3',
      '10.11.12.13',
      '100.64.0.1',
      '100.127.255.254',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.0.0.8',
      '192.0.2.10',
      '192.168.1.1',
      '198.18.0.1',
      '224.0.0.251',
      '239.255.255.250',
      '240.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fe80::1',
      'fc00::1',
      'fd12:3456:789a::1',
      'fec0::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '::127.0.0.1',
      '64:ff9b::10.0.0.1',
      '64:ff9b::7f00:1',
      '64:ff9b:1::1',
      '2001:db8::1',
      '2001::1',
      '2002:7f00:1::1',
      'localhost',
      '',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('takes public IPv4 and global IPv6 addresses, mapped ones included', () => {
    for (const address of [
      '142.250.180.10',
      '8.8.8.8',
      '100.128.0.1',
      '172.32.0.1',
      '2a00:1450:4002:402::200a',
      '2600:1f18::1',
      '::ffff:8.8.8.8',
      '64:ff9b::8.8.8.8',
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  /** A request through the push sender's own connections, to the sink on 127.0.0.1 by name. */
  const connectByName = (destinations: PushDestinations) =>
    new Promise<string>((resolve) => {
      const outgoing = request(
        `https://localhost:${sink.port}/push/1`,
        { method: 'POST', agent: pushAgents(destinations).https },
        (response) => resolve(String(response.statusCode)),
      );
      outgoing.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      outgoing.end();
    });

  it('refuses, when connecting, a name that resolves to this machine (as a rebinding name would)', async () => {
    expect(await connectByName(SERVICES)).toBe('EPUSHDESTINATION');
    expect(sink.connections()).toBe(0);
    expect(sink.requests).toEqual([]);
  });

  it('connects when this machine is allowed: the refusal above is the lookup’s, not a dead sink', async () => {
    // The sink's certificate is its own, so the handshake fails; the connection was made.
    expect(await connectByName(WITH_LOOPBACK)).not.toBe('EPUSHDESTINATION');
    expect(sink.connections()).toBeGreaterThan(0);
  });
});

describe('the configuration of push destinations', () => {
  const production = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://sentiero.example',
    SMTP_URL: 'smtp://mail.sentiero.example',
    COMPANY_NAME: 'Sentiero S.p.A.',
    COMPANY_TAX_NUMBER: 'IT12345678901',
    COMPANY_REGISTER_NUMBER: 'REA MI-1234567',
  };

  it('sends to the four browser vendors by default, or to the hosts PUSH_SERVICE_HOSTS lists', () => {
    expect(loadConfig(production).push.destinations).toEqual({
      hosts: [...PUSH_SERVICE_HOSTS],
      loopback: false,
    });
    expect(
      loadConfig({ ...production, PUSH_SERVICE_HOSTS: 'fcm.googleapis.com, *.push.example.net' }).push
        .destinations,
    ).toEqual({ hosts: ['fcm.googleapis.com', '*.push.example.net'], loopback: false });
    expect(() => loadConfig({ PUSH_SERVICE_HOSTS: '10.0.0.1' })).toThrow(
      /PUSH_SERVICE_HOSTS="10.0.0.1": must be/,
    );
    expect(() => loadConfig({ PUSH_SERVICE_HOSTS: 'push.example:8443' })).toThrow(/PUSH_SERVICE_HOSTS/);
  });

  it('allows a push service on this machine only outside production, when asked', () => {
    expect(loadConfig({ NODE_ENV: 'test', PUSH_SERVICE_LOOPBACK: 'on' }).push.destinations.loopback).toBe(
      true,
    );
    expect(loadConfig({ NODE_ENV: 'development' }).push.destinations.loopback).toBe(false);
    expect(() => loadConfig({ ...production, PUSH_SERVICE_LOOPBACK: 'on' })).toThrow(
      /PUSH_SERVICE_LOOPBACK: must be off in production/,
    );
  });
});

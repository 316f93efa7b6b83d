import { createHmac, hkdfSync, type KeyObject, timingSafeEqual } from 'node:crypto';

/*
 * The one-click links of a cancelled day's mail (ADR 049) carry `cancellation.order.signature`:
 * an HMAC-SHA-256 under a key derived from the ticket key (HKDF, as the rangers' bundle key), so
 * there is no new secret to configure, every process checks the same links, and the same order's
 * link is the same in a mail sent twice. A forged link does not verify (404); a used one is
 * refused by the order's state (409).
 */

export type DayCancellationLinks = {
  sign(cancellationId: number, orderId: number): string;
  /** The cancellation and order a genuine link names; undefined for anything else. */
  read(token: string): { cancellationId: number; orderId: number } | undefined;
};

export function dayCancellationLinks(ticketKey: KeyObject): DayCancellationLinks {
  const { d } = ticketKey.export({ format: 'jwk' });
  if (!d) throw new Error('An Ed25519 private key has a seed');
  const key = Buffer.from(
    hkdfSync('sha256', Buffer.from(d, 'base64url'), 'sentiero', 'day-cancellation-links-v1', 32),
  );
  const mac = (body: string) => createHmac('sha256', key).update(body).digest();
  return {
    sign(cancellationId, orderId) {
      const body = `${cancellationId}.${orderId}`;
      return `${body}.${mac(body).toString('base64url')}`;
    },
    read(token) {
      const match = /^(\d{1,9})\.(\d{1,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return undefined;
      const [, cancellation, order, signature] = match;
      const expected = mac(`${cancellation}.${order}`);
      const given = Buffer.from(signature ?? '', 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      return { cancellationId: Number(cancellation), orderId: Number(order) };
    },
  };
}

import { createHmac, hkdfSync, type KeyObject, timingSafeEqual } from 'node:crypto';

/*
 * The Reply-To of each staff reply (ADR 031): `reply+<thread id>.<tag>@<inbound domain>`, the tag
 * the first 128 bits of HMAC-SHA-256 over the thread's id, in lower-case hex, since some mail
 * servers lower-case the local part. Only Sentiero can make one, so an address names its thread
 * unforgeably: a guessed id, an altered tag or another domain names no thread and is refused at
 * RCPT TO. The same thread always has the same address, in every process and across restarts.
 */

export type ReplyAddresses = {
  domain: string;
  addressOf(threadId: number): string;
  /** The thread a genuine address names; undefined for anything else. */
  threadOf(address: string): number | undefined;
};

const MAX_THREAD_ID = 2_147_483_647;

export function replyAddresses(domain: string, secret: string | Buffer): ReplyAddresses {
  const tagOf = (threadId: number) =>
    createHmac('sha256', secret).update(`inbox-thread.${threadId}`).digest().subarray(0, 16);
  const lowerDomain = domain.toLowerCase();
  return {
    domain: lowerDomain,
    addressOf: (threadId) => `reply+${threadId}.${tagOf(threadId).toString('hex')}@${lowerDomain}`,
    threadOf(address) {
      const match = /^reply\+([1-9]\d{0,9})\.([0-9a-f]{32})@(.+)$/.exec(address.trim().toLowerCase());
      if (!match || match[3] !== lowerDomain) return undefined;
      const threadId = Number(match[1]);
      if (threadId > MAX_THREAD_ID) return undefined;
      const given = Buffer.from(match[2] ?? '', 'hex');
      return timingSafeEqual(given, tagOf(threadId)) ? threadId : undefined;
    },
  };
}

/**
 * The development key, when INBOUND_MAIL_SECRET is not given: derived from the ticket key (HKDF,
 * as the rangers' bundle key and the day-cancellation links are), so addresses survive a restart
 * on the embedded database, which keeps its ticket key under DATA_DIR.
 */
export function replyAddressKeyFrom(ticketKey: KeyObject): Buffer {
  const { d } = ticketKey.export({ format: 'jwk' });
  if (!d) throw new Error('An Ed25519 private key has a seed');
  return Buffer.from(
    hkdfSync('sha256', Buffer.from(d, 'base64url'), 'sentiero', 'inbox-reply-addresses-v1', 32),
  );
}

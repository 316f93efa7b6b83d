import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { replyAddresses, replyAddressKeyFrom } from './reply-addresses.ts';

describe('reply addresses', () => {
  it('read back only under the same key and domain', () => {
    const addresses = replyAddresses('answers.sentiero.example', 'one key of thirty-two characters or more');
    const address = addresses.addressOf(42);
    expect(addresses.threadOf(address)).toBe(42);
    expect(addresses.threadOf(` ${address.toUpperCase()} `)).toBe(42);
    expect(
      replyAddresses('answers.sentiero.example', 'another key of thirty-two characters').threadOf(address),
    ).toBe(undefined);
    expect(
      replyAddresses('other.sentiero.example', 'one key of thirty-two characters or more').threadOf(address),
    ).toBe(undefined);
    expect(addresses.threadOf(address.replace('reply+42.', 'reply+042.'))).toBeUndefined();
    expect(addresses.threadOf(addresses.addressOf(2_147_483_647))).toBe(2_147_483_647);
    expect(
      addresses.threadOf('reply+9999999999.00000000000000000000000000000000@answers.sentiero.example'),
    ).toBe(undefined);
  });

  it('derive the development key from the ticket key: the same key, the same addresses', () => {
    const ticketKey = generateKeyPairSync('ed25519').privateKey;
    const otherKey = generateKeyPairSync('ed25519').privateKey;
    const key = replyAddressKeyFrom(ticketKey);
    expect(key).toHaveLength(32);
    expect(replyAddressKeyFrom(ticketKey)).toEqual(key);
    expect(replyAddressKeyFrom(otherKey)).not.toEqual(key);
  });
});

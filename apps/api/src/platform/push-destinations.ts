import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOptions } from 'node:dns';
import { BlockList, isIP, isIPv4, type LookupFunction } from 'node:net';

/*
 * Where the server may send a push. A subscription's endpoint comes from the member's browser,
 * so without a rule a member could make the server POST to any address it reaches (the cloud's
 * metadata service, the database's host, the admin port of a neighbour) and learn from the test
 * push's answer what is there. Two checks, both needed:
 * - the endpoint names a browser vendor's push service (https, port 443, a listed host), checked
 *   when a member subscribes and again before every push, so rows written before (or by hand) are
 *   held to it too;
 * - every address that name resolves to is a public one, checked by the sockets' own DNS lookup,
 *   so a name that resolved to a public address at one moment and to 10.0.0.1 the next (DNS
 *   rebinding) is refused on the connection that would have used it.
 */

/** The push services of Chrome (FCM), Firefox (autopush), Safari (Apple) and Edge (WNS). */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '*.notify.windows.com',
] as const;

export type PushDestinations = {
  /** Host names pushes may go to; `*.example.com` stands for the names under example.com. */
  hosts: readonly string[];
  /**
   * Push services on this machine (127.0.0.1, ::1, localhost; http or https, any port): the local
   * push services of tests, end-to-end runs and benchmarks. Never on in production (config.ts).
   */
  loopback: boolean;
};

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

function matchesHost(hostname: string, pattern: string): boolean {
  if (!pattern.startsWith('*.')) return hostname === pattern;
  return hostname.endsWith(pattern.slice(1)) && hostname.length > pattern.length - 1;
}

/** Whether a subscription's endpoint is on a push service this deployment sends to. */
export function isPushServiceEndpoint(endpoint: string, destinations: PushDestinations): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (destinations.loopback && LOOPBACK_HOSTS.has(url.hostname)) {
    return url.protocol === 'https:' || url.protocol === 'http:';
  }
  // The URL parser drops the default port, so an empty one is 443.
  if (url.protocol !== 'https:' || url.port !== '') return false;
  // Sockets look up names, not IP literals, so an address in place of a name would skip the
  // lookup's check: push services are reached by name.
  if (isIP(url.hostname.replace(/^\[(.*)\]$/, '$1'))) return false;
  return destinations.hosts.some((pattern) => matchesHost(url.hostname, pattern));
}

/**
 * IANA's special-purpose IPv4 ranges (RFC 6890 and successors): this network, private, carrier
 * NAT, loopback, link-local, protocol assignments, documentation, benchmarking, multicast,
 * reserved and broadcast. None of them is a push service on the internet.
 */
const NOT_PUBLIC_V4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

/**
 * IPv6 is allowed only in global unicast (2000::/3), less its special ranges: Teredo and the
 * protocol assignments (2001::/23), documentation (2001:db8::/32, 3fff::/20) and 6to4 (2002::/16,
 * which would carry any IPv4 address). Loopback, unspecified, unique-local (fc00::/7), link-local
 * (fe80::/10), site-local and multicast (ff00::/8) all lie outside 2000::/3. IPv4-mapped and
 * NAT64 addresses are judged by the IPv4 address they carry.
 */
const GLOBAL_V6: [string, number][] = [['2000::', 3]];
const NOT_PUBLIC_V6: [string, number][] = [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
];

function blockList(ranges: [string, number][], family: 'ipv4' | 'ipv6'): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of ranges) list.addSubnet(network, prefix, family);
  return list;
}

const notPublicV4 = blockList(NOT_PUBLIC_V4, 'ipv4');
const globalV6 = blockList(GLOBAL_V6, 'ipv6');
const notPublicV6 = blockList(NOT_PUBLIC_V6, 'ipv6');
const loopbackV4 = blockList([['127.0.0.0', 8]], 'ipv4');

/** The eight 16-bit groups of an IPv6 address, or null if it is none. */
function ipv6Groups(address: string): number[] | null {
  let host: string;
  try {
    // The URL parser writes an address in one canonical form (lower case, no dotted tail).
    host = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
  const [head = '', tail] = host.split('::');
  const groups = (text: string) => (text ? text.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  return [...left, ...new Array(8 - left.length - right.length).fill(0), ...right];
}

/** The IPv4 address inside an IPv4-mapped (::ffff:0:0/96) or NAT64 (64:ff9b::/96) address. */
function embeddedIPv4(groups: number[]): string | null {
  const prefix = groups.slice(0, 6).join(':');
  if (prefix !== '0:0:0:0:0:65535' && prefix !== '100:65435:0:0:0:0') return null;
  const [high = 0, low = 0] = groups.slice(6);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** Whether an address is one on the internet: never this machine, its networks or a special range. */
export function isPublicAddress(address: string): boolean {
  if (isIPv4(address)) return !notPublicV4.check(address, 'ipv4');
  const groups = isIP(address) === 6 ? ipv6Groups(address) : null;
  if (!groups) return false;
  const carried = embeddedIPv4(groups);
  if (carried) return isPublicAddress(carried);
  return globalV6.check(address, 'ipv6') && !notPublicV6.check(address, 'ipv6');
}

export function isLoopbackAddress(address: string): boolean {
  if (isIPv4(address)) return loopbackV4.check(address, 'ipv4');
  const groups = isIP(address) === 6 ? ipv6Groups(address) : null;
  if (!groups) return false;
  const carried = embeddedIPv4(groups);
  if (carried) return isLoopbackAddress(carried);
  return groups.join(':') === '0:0:0:0:0:0:0:1';
}

/** Whether a push may connect to this address: a public one, or this machine's when allowed. */
export function mayConnectTo(address: string, destinations: PushDestinations): boolean {
  return isPublicAddress(address) || (destinations.loopback && isLoopbackAddress(address));
}

export class PushDestinationError extends Error {
  readonly code = 'EPUSHDESTINATION';
}

/**
 * The DNS lookup of the push sender's sockets: it resolves every address of the name and refuses
 * the connection if any one of them is not allowed, so no answer of the name's DNS server, now
 * or later, can point a push into this network. Node calls it for names, not for IP literals,
 * which `isPushServiceEndpoint` refuses (outside the loopback allowance).
 */
export function guardedLookup(destinations: PushDestinations): LookupFunction {
  return (hostname, options, callback) => {
    const all: LookupAllOptions = { ...(options as LookupOptions), all: true };
    dnsLookup(hostname, all, (error, addresses: LookupAddress[]) => {
      if (error) {
        callback(error, '', 0);
        return;
      }
      const refused = addresses.find(({ address }) => !mayConnectTo(address, destinations));
      if (refused || addresses.length === 0) {
        const what = refused ? `${refused.address}, not a public address` : 'no address';
        callback(new PushDestinationError(`${hostname} resolves to ${what}`), '', 0);
        return;
      }
      if ((options as LookupOptions).all) {
        (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
        return;
      }
      const [first] = addresses as [LookupAddress];
      callback(null, first.address, first.family);
    });
  };
}

/**
 * Just enough DER to list the extensions of an X.509 certificate. node:crypto's X509Certificate
 * verifies signatures and reads names and dates but has no API for arbitrary extensions, and Apple
 * marks its App Store signing certificates with private ones (see apple.ts).
 *
 * Why a parser and not a search of the raw bytes for the OID's encoding: the same bytes may stand
 * anywhere in a certificate (in a name, a policy, inside another extension's value), so a search
 * could find a marker that is not an extension. Here only the OIDs that name an extension count:
 * Certificate → tbsCertificate → [3] → Extensions → Extension → extnID.
 * The certificate's own signature (checked before) covers these bytes, so they are Apple's.
 */

const SEQUENCE = 0x30;
const OBJECT_IDENTIFIER = 0x06;
const EXTENSIONS = 0xa3; // [3] EXPLICIT, constructed

type DerElement = { tag: number; contentStart: number; end: number };

export class DerError extends Error {}

function readElement(der: Uint8Array, offset: number, limit: number): DerElement {
  if (offset + 2 > limit) throw new DerError('DER element past its end');
  const tag = der[offset] as number;
  // Multi-byte tags never occur in the structures read here.
  if ((tag & 0x1f) === 0x1f) throw new DerError('DER tag form not supported');
  const first = der[offset + 1] as number;
  let length = first;
  let contentStart = offset + 2;
  if (first & 0x80) {
    const octets = first & 0x7f;
    // 0x80 is BER's indefinite length, which DER forbids; 4 octets are far beyond any certificate.
    if (octets === 0 || octets > 4) throw new DerError('DER length form not supported');
    if (contentStart + octets > limit) throw new DerError('DER length past its end');
    length = 0;
    for (let i = 0; i < octets; i++) length = length * 256 + (der[contentStart + i] as number);
    contentStart += octets;
  }
  const end = contentStart + length;
  if (end > limit) throw new DerError('DER content past its end');
  return { tag, contentStart, end };
}

function childrenOf(der: Uint8Array, parent: DerElement): DerElement[] {
  const children: DerElement[] = [];
  for (let offset = parent.contentStart; offset < parent.end; ) {
    const child = readElement(der, offset, parent.end);
    children.push(child);
    offset = child.end;
  }
  return children;
}

function requireTag(element: DerElement | undefined, tag: number, what: string): DerElement {
  if (!element || element.tag !== tag) throw new DerError(`${what} is not where X.509 puts it`);
  return element;
}

function decodeOid(bytes: Uint8Array): string {
  const arcs: number[] = [];
  let value = 0;
  for (const byte of bytes) {
    value = value * 128 + (byte & 0x7f);
    if (!(byte & 0x80)) {
      arcs.push(value);
      value = 0;
    }
  }
  const [head = 0, ...rest] = arcs;
  const first = head < 80 ? Math.floor(head / 40) : 2;
  return [first, head - first * 40, ...rest].join('.');
}

/** The extnID of every extension of a DER certificate, dotted ('2.5.29.19'…). */
export function certificateExtensionOids(certificate: Uint8Array): string[] {
  const root = requireTag(readElement(certificate, 0, certificate.length), SEQUENCE, 'the certificate');
  const tbs = requireTag(childrenOf(certificate, root)[0], SEQUENCE, 'tbsCertificate');
  const wrapper = childrenOf(certificate, tbs).find((field) => field.tag === EXTENSIONS);
  if (!wrapper) return [];
  const extensions = requireTag(childrenOf(certificate, wrapper)[0], SEQUENCE, 'the extensions');
  return childrenOf(certificate, extensions).map((extension) => {
    const id = requireTag(
      childrenOf(certificate, requireTag(extension, SEQUENCE, 'an extension'))[0],
      OBJECT_IDENTIFIER,
      'an extension id',
    );
    return decodeOid(certificate.subarray(id.contentStart, id.end));
  });
}

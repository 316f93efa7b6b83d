import { type KeyObject, sign } from 'node:crypto';
import { APPLE_STORE_SIGNING_OID, APPLE_WWDR_INTERMEDIATE_OID } from '../../platform/billing/apple.ts';
import { type CertificateAuthority, issueCertificate, toPem } from './x509.ts';

/**
 * The App Store's side of server notifications, made locally: a root CA standing in for Apple
 * Root CA - G3, a WWDR-like intermediate and a signing leaf with Apple's marker extensions, and
 * a signer that wraps payloads in ES256 JWS with the x5c header Apple sends. The signing is
 * written here, not borrowed from the code under test.
 */
export type AppleChain = { leafKey: KeyObject; x5c: string[] };

export type AppleChainOptions = {
  root?: CertificateAuthority;
  leafMarker?: boolean;
  intermediateMarker?: boolean;
  intermediateIsCa?: boolean;
  leafPolicies?: string[];
  leafNotBefore?: Date;
  leafNotAfter?: Date;
};

export type FakeAppStore = {
  root: CertificateAuthority;
  rootPem: string;
  chain: AppleChain;
  /** Another chain, made as the options say (a foreign root, an expired leaf, a missing marker). */
  makeChain(options: AppleChainOptions): AppleChain;
  /** A new self-signed root nobody configured. */
  makeRoot(commonName: string): CertificateAuthority;
  signJws(payload: unknown, chain?: AppleChain): string;
};

export function createFakeAppStore(): FakeAppStore {
  const root = makeRoot('Test Apple Root CA - G3');
  function makeChain(options: AppleChainOptions): AppleChain {
    const issuer = options.root ?? root;
    const intermediate = issueCertificate({
      commonName: 'Test Apple Worldwide Developer Relations Certification Authority',
      issuer,
      ca: options.intermediateIsCa ?? true,
      markers: options.intermediateMarker === false ? [] : [APPLE_WWDR_INTERMEDIATE_OID],
    });
    const leaf = issueCertificate({
      commonName: 'Test Prod ECC Mac App Store and iTunes Store Receipt Signing',
      issuer: intermediate,
      markers: options.leafMarker === false ? [] : [APPLE_STORE_SIGNING_OID],
      policies: options.leafPolicies,
      notBefore: options.leafNotBefore,
      notAfter: options.leafNotAfter,
    });
    return {
      leafKey: leaf.key,
      x5c: [leaf.certificate, intermediate.certificate, issuer.certificate].map((der) =>
        der.toString('base64'),
      ),
    };
  }
  const chain = makeChain({});
  return {
    root,
    rootPem: toPem(root.certificate),
    chain,
    makeChain,
    makeRoot,
    signJws(payload, signingChain = chain) {
      const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const input = `${encode({ alg: 'ES256', x5c: signingChain.x5c })}.${encode(payload)}`;
      const signature = sign('sha256', Buffer.from(input), {
        key: signingChain.leafKey,
        dsaEncoding: 'ieee-p1363',
      });
      return `${input}.${signature.toString('base64url')}`;
    },
  };
}

function makeRoot(commonName: string): CertificateAuthority {
  return issueCertificate({ commonName, ca: true, notAfter: new Date(Date.now() + 20 * 365 * 86_400_000) });
}

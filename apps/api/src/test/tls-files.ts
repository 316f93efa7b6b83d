import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { issueCertificate, toPem } from './fakes/x509.ts';

export type TlsFiles = { keyPath: string; certPath: string; keyPem: string; certPem: string };

/**
 * A key and a self-signed certificate for `commonName`, made for the test run and written to PEM
 * files in a directory of its own: valid for nothing outside the test that trusts it.
 */
export function writeTlsFiles(commonName: string): TlsFiles {
  const issued = issueCertificate({ commonName });
  const dir = mkdtempSync(join(tmpdir(), 'sentiero-tls-'));
  const keyPem = issued.key.export({ type: 'pkcs8', format: 'pem' }).toString();
  const certPem = toPem(issued.certificate);
  const keyPath = join(dir, 'key.pem');
  const certPath = join(dir, 'cert.pem');
  writeFileSync(keyPath, keyPem, { mode: 0o600 });
  writeFileSync(certPath, certPem);
  return { keyPath, certPath, keyPem, certPem };
}

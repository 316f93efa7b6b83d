import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * Answers to the inbox's replies by mail (ADR 031): each reply mail's Reply-To is
 * `reply+<thread>.<HMAC>@domain`, and an SMTP receiver takes what comes back to it.
 */
export type InboundMailConfig = {
  /** The domain of the reply addresses, whose MX leads to the receiver. */
  domain: string;
  /**
   * The HMAC key of the reply addresses. Null outside production when not given: the app derives
   * one from the ticket key (HKDF), as the rangers' bundle key and the day-cancellation links are.
   */
  secret: string | null;
  /** Where this process listens for SMTP; null when another process (or none yet) does. */
  smtpPort: number | null;
  /**
   * The receiver's key and certificate (PEM, read from the files named at start), offered with
   * STARTTLS; null: the receiver speaks plain SMTP, behind a relay that ends TLS.
   */
  tls: InboundTls | null;
};

export type InboundTls = { key: string; cert: string };

type InboundVariables = {
  NODE_ENV: 'development' | 'production' | 'test';
  MAIL_FROM: string;
  INBOUND_MAIL_DOMAIN?: string | undefined;
  INBOUND_MAIL_SECRET?: string | undefined;
  INBOUND_SMTP_PORT?: number | undefined;
  INBOUND_SMTP_TLS_KEY?: string | undefined;
  INBOUND_SMTP_TLS_CERT?: string | undefined;
};

/**
 * Outside production the reply addresses are always on, under MAIL_FROM's domain unless another is
 * given. Production must name both the domain and the secret, or the feature is off (replies then
 * ask for answers at OPERATOR_EMAIL, as before); one of the two alone, or a port without them,
 * stops the start. Production's key is one the operator chose and keeps: a derived one would
 * change with the ticket key, and every reply address already mailed out would stop working.
 */
export function inboundMailConfig(env: InboundVariables): {
  inbound: InboundMailConfig | null;
  problems: string[];
} {
  const port = env.INBOUND_SMTP_PORT ?? null;
  const { tls, problems } = inboundTls(env, port !== null);
  if (env.NODE_ENV !== 'production') {
    const domain = (env.INBOUND_MAIL_DOMAIN ?? domainOf(env.MAIL_FROM)).toLowerCase();
    const secret = env.INBOUND_MAIL_SECRET ?? null;
    return { inbound: { domain, secret, smtpPort: port, tls }, problems };
  }
  if (env.INBOUND_MAIL_DOMAIN && env.INBOUND_MAIL_SECRET) {
    const domain = env.INBOUND_MAIL_DOMAIN.toLowerCase();
    return { inbound: { domain, secret: env.INBOUND_MAIL_SECRET, smtpPort: port, tls }, problems };
  }
  const missing = [
    ...(env.INBOUND_MAIL_DOMAIN ? [] : ['INBOUND_MAIL_DOMAIN']),
    ...(env.INBOUND_MAIL_SECRET ? [] : ['INBOUND_MAIL_SECRET']),
  ];
  const given = [
    ...(env.INBOUND_MAIL_DOMAIN ? ['INBOUND_MAIL_DOMAIN'] : []),
    ...(env.INBOUND_MAIL_SECRET ? ['INBOUND_MAIL_SECRET'] : []),
    ...(port !== null ? ['INBOUND_SMTP_PORT'] : []),
  ];
  return {
    inbound: null,
    problems: [
      ...(given.length
        ? missing.map((name) => `${name}: required in production with ${given.join(' and ')}`)
        : []),
      ...problems,
    ],
  };
}

/**
 * The receiver's STARTTLS key and certificate: both files or neither. They are read (and checked
 * to be a key, a certificate and a pair) only where this process listens: the other processes
 * share the environment but not necessarily the files. Read once at start: a renewed certificate
 * is taken at the next start.
 */
function inboundTls(
  env: Pick<InboundVariables, 'INBOUND_SMTP_TLS_KEY' | 'INBOUND_SMTP_TLS_CERT'>,
  listens: boolean,
): { tls: InboundTls | null; problems: string[] } {
  const keyPath = env.INBOUND_SMTP_TLS_KEY;
  const certPath = env.INBOUND_SMTP_TLS_CERT;
  if (!keyPath && !certPath) return { tls: null, problems: [] };
  if (!keyPath || !certPath) {
    const [missing, given] = keyPath
      ? ['INBOUND_SMTP_TLS_CERT', 'INBOUND_SMTP_TLS_KEY']
      : ['INBOUND_SMTP_TLS_KEY', 'INBOUND_SMTP_TLS_CERT'];
    return { tls: null, problems: [`${missing}: required with ${given} (STARTTLS needs both files)`] };
  }
  if (!listens) return { tls: null, problems: [] };
  const problems: string[] = [];
  const key = readPem('INBOUND_SMTP_TLS_KEY', keyPath, problems);
  const cert = readPem('INBOUND_SMTP_TLS_CERT', certPath, problems);
  if (key === null || cert === null) return { tls: null, problems };
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(cert);
  } catch {
    return { tls: null, problems: [`INBOUND_SMTP_TLS_CERT: ${certPath} is not a PEM certificate`] };
  }
  try {
    if (!certificate.checkPrivateKey(createPrivateKey(key))) {
      problems.push(`INBOUND_SMTP_TLS_KEY: ${keyPath} is not the key of the certificate in ${certPath}`);
    }
  } catch {
    // The message of a failed parse could quote the key's bytes: it is not repeated.
    problems.push(`INBOUND_SMTP_TLS_KEY: ${keyPath} is not a PEM private key`);
  }
  return problems.length ? { tls: null, problems } : { tls: { key, cert }, problems };
}

function readPem(name: string, path: string, problems: string[]): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    problems.push(`${name}: ${path} cannot be read (${code})`);
    return null;
  }
}

/** MAIL_FROM may be `Name <address>`. */
function domainOf(from: string): string {
  return from.match(/@([^\s>]+)/)?.[1] ?? 'sentiero.localhost';
}

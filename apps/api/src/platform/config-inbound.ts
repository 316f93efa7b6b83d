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
};

type InboundVariables = {
  NODE_ENV: 'development' | 'production' | 'test';
  MAIL_FROM: string;
  INBOUND_MAIL_DOMAIN?: string | undefined;
  INBOUND_MAIL_SECRET?: string | undefined;
  INBOUND_SMTP_PORT?: number | undefined;
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
  if (env.NODE_ENV !== 'production') {
    const domain = (env.INBOUND_MAIL_DOMAIN ?? domainOf(env.MAIL_FROM)).toLowerCase();
    return { inbound: { domain, secret: env.INBOUND_MAIL_SECRET ?? null, smtpPort: port }, problems: [] };
  }
  if (env.INBOUND_MAIL_DOMAIN && env.INBOUND_MAIL_SECRET) {
    const domain = env.INBOUND_MAIL_DOMAIN.toLowerCase();
    return { inbound: { domain, secret: env.INBOUND_MAIL_SECRET, smtpPort: port }, problems: [] };
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
    problems: given.length
      ? missing.map((name) => `${name}: required in production with ${given.join(' and ')}`)
      : [],
  };
}

/** MAIL_FROM may be `Name <address>`. */
function domainOf(from: string): string {
  return from.match(/@([^\s>]+)/)?.[1] ?? 'sentiero.localhost';
}

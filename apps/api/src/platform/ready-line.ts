import { PAGES } from '@sentiero/contract/pages';
import type { Config } from './config.ts';

/** Addresses a server listening on every interface or on this machine is opened at in a browser. */
const THIS_MACHINE = new Set(['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost']);

/** Where people open the server: PUBLIC_URL when set, otherwise this machine's HOST and PORT. */
export function shopAddress(config: Pick<Config, 'publicUrl' | 'host' | 'port'>): string {
  if (config.publicUrl) return withoutTrailingSlashes(config.publicUrl);
  const host = THIS_MACHINE.has(config.host) ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}

/**
 * The line that says the server is ready and where to open it: the shop, the staff console and,
 * where mail stays on this machine (no SMTP_URL, not production), the development mailbox, and
 * the port that takes answers to the inbox's replies when this process listens, and whether it
 * offers STARTTLS (ADR 031; in production the start's log says it).
 * Tests and scripts wait for its "ready on".
 */
export function readyLine(
  config: Pick<Config, 'brand' | 'publicUrl' | 'host' | 'port' | 'env' | 'mail'> &
    Partial<Pick<Config, 'inbound'>>,
): string {
  const shop = shopAddress(config);
  const parts = [`${config.brand} is ready on ${shop}`, `console ${shop}${PAGES.console.path()}`];
  if (config.env !== 'production' && !config.mail.smtpUrl) parts.push(`mailbox ${shop}/dev/mailbox`);
  const inboundPort = config.inbound?.smtpPort;
  if (config.env !== 'production' && inboundPort) {
    const host = THIS_MACHINE.has(config.host) ? 'localhost' : config.host;
    const tls = config.inbound?.tls ? ' (STARTTLS)' : '';
    parts.push(`inbox answers smtp://${host.includes(':') ? `[${host}]` : host}:${inboundPort}${tls}`);
  }
  return parts.join(' · ');
}

function withoutTrailingSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === '/') end -= 1;
  return url.slice(0, end);
}

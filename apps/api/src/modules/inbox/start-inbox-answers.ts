import type { KeyObject } from 'node:crypto';
import type { Db } from '@sentiero/db/client';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config.ts';
import type { Clock } from '../../platform/context.ts';
import type { Mailer } from '../../platform/mail.ts';
import { answerNotifier } from './answer-notice.ts';
import { startInboundSmtp } from './inbound-smtp.ts';
import { type ReplyAddresses, replyAddresses, replyAddressKeyFrom } from './reply-addresses.ts';

/**
 * The threads' reply addresses, and the SMTP receiver on INBOUND_SMTP_PORT when this process
 * takes the answers (ADR 031), telling each thread's assignee of an answer, closed with the app. Null, and said at start, when inbound mail
 * is off (production without its domain and secret).
 */
export async function startInboxAnswers(
  app: FastifyInstance,
  deps: {
    config: Config;
    db: Db;
    clock: Clock;
    ticketKey: KeyObject;
    mail: Pick<Mailer, 'send'>;
    /** Where links in mails point (PUBLIC_URL, or this machine). */
    origin: string;
  },
): Promise<ReplyAddresses | null> {
  const { inbound, host } = deps.config;
  if (!inbound) {
    app.log.warn('inbound mail is off: inbox replies ask for answers at OPERATOR_EMAIL (ADR 031)');
    return null;
  }
  const addresses = replyAddresses(inbound.domain, inbound.secret ?? replyAddressKeyFrom(deps.ticketKey));
  if (inbound.smtpPort !== null) {
    const receiver = await startInboundSmtp({
      db: deps.db,
      clock: deps.clock,
      log: app.log,
      addresses,
      port: inbound.smtpPort,
      host,
      tls: inbound.tls,
      notify: answerNotifier({
        db: deps.db,
        mail: deps.mail,
        brand: deps.config.brand,
        origin: deps.origin,
        log: app.log,
      }),
    });
    app.addHook('onClose', receiver.close);
    const where = { port: receiver.port, domain: addresses.domain, tls: receiver.tls };
    if (receiver.tls) app.log.info(where, 'inbox answers are taken by SMTP, with STARTTLS');
    else if (deps.config.env === 'production') {
      // Said where operators look: answers cross the internet in clear unless a relay ends TLS.
      app.log.warn(where, 'inbox answers are taken by SMTP without TLS: a relay in front must end it');
    } else app.log.info(where, 'inbox answers are taken by SMTP, without TLS');
  }
  return addresses;
}

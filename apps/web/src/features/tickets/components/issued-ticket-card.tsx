import type { IssuedTicket } from '@sentiero/contract/my-tickets';
import { Download, QrCode } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLocalizedDate } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { Button, buttonClass } from '../../../ui/button.tsx';
import { TicketQr } from './ticket-qr.tsx';

/**
 * The text of the ticket's QR code. A list this phone saved before the compact code (ADR 044)
 * has no `qr_code`: its tickets keep showing the first-format code, which still verifies.
 */
const qrTextOf = (ticket: IssuedTicket) => (ticket as Partial<IssuedTicket>).qr_code ?? ticket.signed_code;

/**
 * One issued ticket: what it is for, whom, when, and how many uses are left. The QR opens on
 * request (`qrOpen` for a shared ticket, which has nothing else to show).
 */
export function IssuedTicketCard({
  ticket,
  qrOpen = false,
  actions,
}: {
  ticket: IssuedTicket;
  qrOpen?: boolean;
  actions?: ReactNode;
}) {
  const { t } = useTranslation('tickets');
  const language = useCurrentLanguage();
  const [showQr, setShowQr] = useState(qrOpen);
  const qrId = useId();
  const cancelled = ticket.status === 'cancelled';
  const uses =
    ticket.max_usage === null
      ? t('card.usesUnlimited', { uses: ticket.uses })
      : t('card.uses', { uses: ticket.uses, max: ticket.max_usage });

  return (
    <article
      aria-label={ticket.title}
      className={`rounded-xl border bg-white p-4 shadow-sm ${cancelled ? 'border-red-200 opacity-80' : 'border-stone-200'}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className={`font-semibold leading-snug ${cancelled ? 'line-through' : ''}`}>{ticket.title}</h3>
          <p className="text-sm text-stone-600">{ticket.area}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {ticket.pay_on_site && (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900 text-xs">
              {t('card.payOnSite')}
            </span>
          )}
          {cancelled && (
            <span className="rounded-full bg-red-100 px-2 py-0.5 font-medium text-red-800 text-xs">
              {t('card.cancelled')}
            </span>
          )}
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-stone-600">{t('card.holder')}</dt>
        <dd>{ticket.holder}</dd>
        <dt className="text-stone-600">{t('card.validity')}</dt>
        <dd>
          {t('card.validityRange', {
            from: formatLocalizedDate(ticket.valid_from, language),
            until: formatLocalizedDate(ticket.valid_until, language),
          })}
        </dd>
        <dt className="text-stone-600">{t('card.usesLabel')}</dt>
        <dd>{uses}</dd>
        <dt className="text-stone-600">{t('card.code')}</dt>
        <dd className="font-mono">{ticket.code}</dd>
      </dl>
      {!cancelled && (
        <div className="mt-4 flex flex-wrap items-start gap-2">
          <Button
            variant="secondary"
            aria-expanded={showQr}
            aria-controls={qrId}
            onClick={() => setShowQr((open) => !open)}
          >
            <QrCode aria-hidden className="size-4" />
            {showQr ? t('card.hideQr') : t('card.showQr')}
          </Button>
          <a href={ticket.download_url} className={buttonClass('secondary')} download>
            <Download aria-hidden className="size-4" />
            {t('card.download')}
          </a>
          {actions}
        </div>
      )}
      <div id={qrId} className="mt-4">
        {showQr && !cancelled && <TicketQr signedCode={qrTextOf(ticket)} code={ticket.code} />}
      </div>
    </article>
  );
}

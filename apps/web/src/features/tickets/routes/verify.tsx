import { type ScannedTicket, verdictMessageKey } from '@sentiero/contract/ticket-verdict';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api-client.ts';
import { formatLocalizedDate } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { inputClass } from '../../../ui/form-field.tsx';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { fetchVerificationKeys } from '../api.ts';
import { findVerificationKeys, saveVerificationKeys, toRawKeys } from '../verification-keys.ts';
import { checkTicketCode, type VerificationView } from '../verify-ticket.ts';

/** The published keys: fresh when there is a network, else the copy this phone saved last time. */
function useVerificationKeys() {
  const [saved, setSaved] = useState(() => findVerificationKeys(localStorage));
  useEffect(() => {
    let current = true;
    fetchVerificationKeys()
      .then(({ keys }) => {
        saveVerificationKeys(localStorage, keys);
        if (current) setSaved(findVerificationKeys(localStorage) ?? { version: 1, savedAt: '', keys });
      })
      // Offline or the server is down: the saved keys verify just as well.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);
  return saved;
}

/** The ticket's title and area for a compact code, which carries their ids only: asked when online. */
function useTicketNames(ticketId: number | null) {
  const language = useCurrentLanguage();
  return useQuery({
    queryKey: ['tickets', 'verify-names', language, ticketId],
    queryFn: ({ signal }) => callApi('ticketInfo', { lng: language, id: ticketId ?? 0 }, { signal }),
    enabled: ticketId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

function TicketDetails({ ticket, tone }: { ticket: ScannedTicket; tone: 'valid' | 'refused' }) {
  const { t } = useTranslation('tickets');
  const language = useCurrentLanguage();
  const names = useTicketNames(ticket.format === 'ST2' ? ticket.ticketId : null).data?.ticket;
  const rows: [string, string][] = [
    [ticket.holderIsInitials ? t('verify.initials') : t('card.holder'), ticket.holder || '—'],
    [t('verify.ticket'), ticket.title ?? names?.title ?? t('verify.ticketNumber', { id: ticket.ticketId })],
    [
      t('verify.area'),
      ticket.areaName ?? names?.location.area ?? t('verify.areaNumber', { id: ticket.areaId }),
    ],
    [
      t('card.validity'),
      t('card.validityRange', {
        from: formatLocalizedDate(ticket.validFrom, language),
        until: formatLocalizedDate(ticket.validUntil, language),
      }),
    ],
    [t('verify.guests'), String(ticket.guests)],
    [t('verify.maxUses'), ticket.maxUses === null ? t('verify.unlimited') : String(ticket.maxUses)],
    [t('card.code'), ticket.code],
  ];
  return (
    <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className={tone === 'valid' ? 'text-green-900/80' : 'text-red-900/80'}>{label}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

// A genuine ticket refused for its dates, area or uses still shows what it is for.
const GENUINE_REFUSALS = new Set(['revoked', 'not_yet_valid', 'expired', 'other_area', 'no_uses_left']);

function Result({ view }: { view: VerificationView }) {
  const { t } = useTranslation('tickets');
  if (!view.valid) {
    const message = view.reason === 'empty' ? t('verify.empty') : t(verdictMessageKey(view.reason));
    return (
      <div role="alert" className="rounded-lg border-2 border-red-700 bg-red-50 p-4 text-red-950">
        <p className="font-bold text-red-800 text-xl">{t('verify.invalid')}</p>
        <p className="mt-1 font-semibold">{message}</p>
        {view.ticket && GENUINE_REFUSALS.has(view.reason) && (
          <TicketDetails ticket={view.ticket} tone="refused" />
        )}
      </div>
    );
  }
  return (
    <div role="status" className="rounded-lg border-2 border-green-600 bg-green-50 p-4 text-green-950">
      <p className="font-bold text-green-800 text-xl">{t('verify.valid')}</p>
      <TicketDetails ticket={view.ticket} tone="valid" />
      {!view.revocationChecked && <p className="mt-3 text-green-900/80 text-sm">{t('verify.notChecked')}</p>}
    </div>
  );
}

/** `/verify`: rangers and guides check a ticket's signature on the spot, with or without a network. */
export function Component() {
  const { t } = useTranslation('tickets');
  const fieldId = useId();
  const keys = useVerificationKeys();
  const [code, setCode] = useState('');
  const [view, setView] = useState<VerificationView | null>(null);
  const [busy, setBusy] = useState(false);

  async function verify() {
    setBusy(true);
    try {
      setView(await checkTicketCode(code, toRawKeys(keys?.keys ?? [])));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto max-w-xl space-y-4">
      <PageHeading lead={t('verify.lead')}>{t('verify.title')}</PageHeading>
      {!keys && <Alert tone="info">{t('verify.noKeys')}</Alert>}
      <form
        noValidate
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          verify().catch(() => setView({ valid: false, reason: 'unreadable', ticket: null }));
        }}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={fieldId} className="font-medium text-sm text-stone-700">
            {t('verify.code')}
          </label>
          <textarea
            id={fieldId}
            rows={4}
            spellCheck={false}
            autoCapitalize="off"
            autoComplete="off"
            className={`${inputClass} font-mono text-sm`}
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setView(null);
            }}
          />
        </div>
        <Button type="submit" busy={busy} busyLabel={t('verify.busy')} disabled={!keys}>
          {t('verify.submit')}
        </Button>
      </form>
      {view && <Result view={view} />}
    </div>
  );
}

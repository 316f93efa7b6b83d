import { PAGES } from '@sentiero/contract/pages';
import { verdictMessageKey } from '@sentiero/contract/ticket-verdict';
import { CircleCheckBig, CircleX } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatLocalizedDate } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { BigButton, fieldInputClass } from '../components/big-controls.tsx';
import { Camera } from '../components/camera.tsx';
import { useField } from '../field-store.ts';
import { type FieldVerdict, judgeScan } from '../verdict.ts';

/** A genuine ticket refused for its dates, area or uses still shows what it is for. */
const GENUINE_REFUSALS = new Set(['revoked', 'not_yet_valid', 'expired', 'other_area', 'no_uses_left']);

type Judged = { text: string; verdict: FieldVerdict; used: boolean };

/** A code just judged and still in front of the camera is not read again for this long. */
const SAME_CODE_PAUSE_MS = 4000;
let lastJudged = { text: '', at: 0 };

/** `/ranger/`: the camera and a field to type a code; a verdict fills the screen. */
export function Component() {
  const { t } = useTranslation(['ranger', 'tickets']);
  const index = useField((state) => state.index);
  const [typed, setTyped] = useState('');
  const [judged, setJudged] = useState<Judged | null>(null);
  const [typing, setTyping] = useState(false);

  async function judge(text: string, used = false) {
    lastJudged = { text, at: Date.now() };
    // The bundle and the uses as they are now: a use just recorded counts at once.
    const { index: current, localUses } = useField.getState();
    if (!current) return;
    setJudged({ text, used, verdict: await judgeScan({ text, index: current, localUses, now: new Date() }) });
  }

  if (judged) {
    return (
      <VerdictScreen
        judged={judged}
        onUsed={() => void judge(judged.text, true)}
        onNext={() => {
          setTyped('');
          setTyping(false);
          lastJudged = { text: judged.text, at: Date.now() };
          setJudged(null);
        }}
      />
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim()) void judge(typed);
  };

  return (
    <section className="space-y-4">
      <h1 className="sr-only">{t('scan.title')}</h1>
      {index ? (
        <Camera
          paused={typing}
          onCode={(text) => {
            if (text === lastJudged.text && Date.now() - lastJudged.at < SAME_CODE_PAUSE_MS) return false;
            void judge(text);
            return true;
          }}
        />
      ) : (
        <p className="rounded-xl border-4 border-red-700 p-4 font-bold text-red-800 text-xl">
          {t('scan.noBundle')}
        </p>
      )}
      <form onSubmit={submit} className="space-y-3" noValidate>
        <label className="block space-y-1">
          <span className="font-semibold text-lg">{t('scan.typed')}</span>
          <input
            className={`${fieldInputClass} font-mono uppercase`}
            value={typed}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            placeholder="ST2.… / T…"
            onChange={(event) => setTyped(event.target.value)}
            // The camera rests while a code is typed: the keyboard hides it anyway.
            onFocus={() => setTyping(true)}
            onBlur={() => setTyping(typed.trim() !== '')}
          />
        </label>
        <BigButton type="submit" tone="secondary" disabled={!index || typed.trim() === ''}>
          {t('scan.check')}
        </BigButton>
      </form>
    </section>
  );
}

function VerdictScreen({ judged, onUsed, onNext }: { judged: Judged; onUsed(): void; onNext(): void }) {
  const { t } = useTranslation(['ranger', 'tickets']);
  const navigate = useNavigate();
  const record = useField((state) => state.record);
  const [busy, setBusy] = useState(false);
  const { verdict } = judged;
  const ticket = verdict.ticket;
  const genuine = verdict.valid || GENUINE_REFUSALS.has(verdict.reason);

  async function recordUse() {
    if (!ticket) return;
    setBusy(true);
    try {
      await record({ kind: 'use', ticket_code: ticket.code });
      onUsed();
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="space-y-4" aria-live="assertive">
      <div
        role={verdict.valid ? 'status' : 'alert'}
        data-verdict={verdict.valid ? 'valid' : verdict.reason}
        className={`rounded-2xl p-5 text-white ${verdict.valid ? 'bg-green-800' : 'bg-red-700'}`}
      >
        <p className="flex items-center gap-3 font-black text-5xl tracking-tight">
          {verdict.valid ? (
            <CircleCheckBig aria-hidden className="size-12 shrink-0" />
          ) : (
            <CircleX aria-hidden className="size-12 shrink-0" />
          )}
          {verdict.valid ? t('verdict.valid') : t('verdict.invalid')}
        </p>
        {!verdict.valid && (
          <p className="mt-3 font-bold text-2xl leading-snug">
            {t(`tickets:${verdictMessageKey(verdict.reason)}`)}
          </p>
        )}
        {verdict.unconfirmed && (
          <p className="mt-3 rounded-lg bg-white px-3 py-2 font-bold text-lg text-red-800">
            {t('verdict.unconfirmed')}
          </p>
        )}
      </div>
      {judged.used && verdict.valid && (
        <p className="rounded-xl border-4 border-green-800 p-3 font-bold text-green-900 text-xl">
          {t('verdict.useRecorded')}
        </p>
      )}
      {ticket && genuine && <TicketFacts verdict={verdict} />}
      <div className="space-y-3">
        {verdict.valid && ticket && (
          <BigButton tone="success" onClick={() => void recordUse()} disabled={busy}>
            {t('verdict.recordUse')}
          </BigButton>
        )}
        {ticket && genuine && (
          <BigButton
            tone="secondary"
            onClick={() =>
              navigate(PAGES.rangerInspection.path(), {
                state: { ticketCode: ticket.code, areaId: ticket.areaId },
              })
            }
          >
            {t('verdict.inspect')}
          </BigButton>
        )}
        <BigButton onClick={onNext}>{t('verdict.next')}</BigButton>
      </div>
    </section>
  );
}

function TicketFacts({ verdict }: { verdict: FieldVerdict }) {
  const { t } = useTranslation(['ranger', 'tickets']);
  const language = useCurrentLanguage();
  const area = useField((state) =>
    verdict.ticket ? state.index?.areas.get(verdict.ticket.areaId) : undefined,
  );
  const title = useField((state) => {
    const ticketId = verdict.ticket?.ticketId;
    return ticketId == null ? undefined : state.index?.ticketTitles.get(ticketId);
  });
  const ticket = verdict.ticket;
  if (!ticket) return null;
  const usesLeft = verdict.valid
    ? verdict.uses.left === null
      ? t('tickets:verify.unlimited')
      : String(verdict.uses.left)
    : verdict.reason === 'no_uses_left'
      ? '0'
      : null;
  const rows: [string, string][] = [
    [ticket.holderIsInitials ? t('verdict.initials') : t('verdict.holder'), ticket.holder || '—'],
    [t('verdict.ticket'), ticket.title ?? title ?? t('tickets:verify.ticketNumber', { id: ticket.ticketId })],
    [
      t('verdict.area'),
      area?.name ?? ticket.areaName ?? t('tickets:verify.areaNumber', { id: ticket.areaId }),
    ],
    [
      t('verdict.validity'),
      ticket.validFrom === ticket.validUntil
        ? formatLocalizedDate(ticket.validFrom, language)
        : `${formatLocalizedDate(ticket.validFrom, language)} – ${formatLocalizedDate(ticket.validUntil, language)}`,
    ],
    [t('verdict.guests'), String(ticket.guests)],
    ...(usesLeft === null ? [] : ([[t('verdict.usesLeft'), usesLeft]] as [string, string][])),
    [t('verdict.code'), ticket.code],
  ];
  return (
    <dl className="divide-y-2 divide-stone-200 rounded-xl border-2 border-stone-900">
      {rows.map(([label, value], position) => (
        <div key={label} className="flex items-baseline justify-between gap-4 px-4 py-2">
          <dt className="font-semibold text-lg text-stone-700">{label}</dt>
          <dd
            className={`text-right font-bold ${position === 0 ? 'text-4xl tracking-wider' : 'text-xl'} break-words`}
          >
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

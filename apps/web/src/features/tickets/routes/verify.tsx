import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
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

function Result({ view }: { view: VerificationView }) {
  const { t } = useTranslation('tickets');
  const language = useCurrentLanguage();
  if (!view.valid) {
    return (
      <Alert tone="error">
        <p className="font-bold text-xl">{t('verify.invalid')}</p>
        <p>{t(`verify.reason.${view.reason}`)}</p>
      </Alert>
    );
  }
  const { payload, today } = view;
  const rows: [string, string][] = [
    [t('card.holder'), payload.holder],
    [t('verify.ticket'), payload.title],
    [t('verify.area'), payload.area_name],
    [
      t('card.validity'),
      t('card.validityRange', {
        from: formatLocalizedDate(payload.valid_from, language),
        until: formatLocalizedDate(payload.valid_until, language),
      }),
    ],
    [t('verify.maxUses'), payload.max_usage === null ? t('verify.unlimited') : String(payload.max_usage)],
    [t('card.code'), payload.code],
  ];
  return (
    <div role="status" className="rounded-lg border-2 border-green-600 bg-green-50 p-4 text-green-950">
      <p className="font-bold text-green-800 text-xl">{t('verify.valid')}</p>
      <p className={`mt-1 font-semibold ${today === 'valid' ? 'text-green-800' : 'text-red-700'}`}>
        {t(`verify.today.${today}`)}
      </p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-green-900/80">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
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
          verify().catch(() => setView({ valid: false, reason: 'malformed' }));
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

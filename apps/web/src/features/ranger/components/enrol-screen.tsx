import { PAGES } from '@sentiero/contract/pages';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api-client.ts';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { defaultDeviceLabel, enrolThisPhone } from '../device.ts';
import { useField } from '../field-store.ts';
import { BigButton, fieldInputClass } from './big-controls.tsx';

type Step = 'checking' | 'password' | 'code' | 'authenticator' | 'enrol';

/**
 * Enrolment, once per phone (ADR 043): the ranger signs in with the console's own sign-in —
 * password, then the authenticator's code — and the phone registers a key of its own.
 * Afterwards the phone needs no session: each request is signed by that key.
 */
export function EnrolScreen() {
  const { t } = useTranslation(['ranger', 'errors']);
  const enrolled = useField((state) => state.enrolled);
  const [step, setStep] = useState<Step>('checking');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [ranger, setRanger] = useState('');
  const [label, setLabel] = useState(defaultDeviceLabel);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    callApi('consoleSession', {})
      .then(({ stage, me }) => {
        if (me) setRanger(me.name);
        setStep(stage === 'complete' ? 'enrol' : stage === 'code' ? 'code' : 'password');
      })
      .catch(() => setStep('password'));
  }, []);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(failure instanceof ApiRequestError ? failure.message : t('enrol.offline'));
    } finally {
      setBusy(false);
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (step === 'password') {
      void run(async () => {
        const { stage } = await callApi('consoleLogin', { email, password });
        setStep(stage === 'enrol' ? 'authenticator' : 'code');
      });
    } else if (step === 'code') {
      void run(async () => {
        const me = await callApi('consoleLoginCode', { code: code.replace(/\s+/g, '') });
        setRanger(me.name);
        setCode('');
        setStep('enrol');
      });
    } else if (step === 'enrol') {
      void run(async () => {
        await enrolled(await enrolThisPhone(ranger, label.trim() || defaultDeviceLabel()));
      });
    }
  };

  return (
    <section className="space-y-5">
      <h1 className="font-bold text-3xl">{t('enrol.title')}</h1>
      <p className="text-lg">{t(`enrol.lead.${step === 'checking' ? 'password' : step}`)}</p>
      {error && (
        <p role="alert" className="rounded-lg border-4 border-red-700 p-3 font-semibold text-lg text-red-800">
          {error}
        </p>
      )}
      {step === 'authenticator' ? (
        <a href={PAGES.consoleSignIn.path()} className="block text-center font-bold text-xl underline">
          {t('enrol.openConsole')}
        </a>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4">
          {step === 'password' && (
            <>
              <label className="block space-y-1">
                <span className="font-semibold text-lg">{t('enrol.email')}</span>
                <input
                  className={fieldInputClass}
                  type="email"
                  autoComplete="username"
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  required
                />
              </label>
              <label className="block space-y-1">
                <span className="font-semibold text-lg">{t('enrol.password')}</span>
                <input
                  className={fieldInputClass}
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                  required
                />
              </label>
            </>
          )}
          {step === 'code' && (
            <label className="block space-y-1">
              <span className="font-semibold text-lg">{t('enrol.code')}</span>
              <input
                className={`${fieldInputClass} text-center font-mono tracking-[0.3em]`}
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]{6}"
                maxLength={7}
                value={code}
                onChange={(event) => setCode(event.target.value)}
                required
              />
            </label>
          )}
          {step === 'enrol' && (
            <label className="block space-y-1">
              <span className="font-semibold text-lg">{t('enrol.label')}</span>
              <input
                className={fieldInputClass}
                maxLength={80}
                value={label}
                onChange={(event) => setLabel(event.target.value)}
              />
            </label>
          )}
          <BigButton type="submit" disabled={busy || step === 'checking'}>
            {busy ? t('enrol.busy') : t(`enrol.submit.${step === 'checking' ? 'password' : step}`)}
          </BigButton>
        </form>
      )}
    </section>
  );
}

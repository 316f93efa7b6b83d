import { CircleCheckBig } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { BundleArea } from '../bundle.ts';
import { BigButton, fieldInputClass } from './big-controls.tsx';

/** The areas the ranger guards, from the bundle. */
export function AreaSelect({
  areas,
  value,
  onChange,
}: {
  areas: readonly BundleArea[];
  value: number | null;
  onChange(id: number): void;
}) {
  const { t } = useTranslation('ranger');
  return (
    <label className="block space-y-1">
      <span className="font-semibold text-lg">{t('field.area')}</span>
      <select
        className={fieldInputClass}
        value={value ?? ''}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {areas.map((area) => (
          <option key={area.id} value={area.id}>
            {area.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** What a saved record says: kept on the phone, sent when there is a network. */
export function Saved({
  title,
  detail,
  tone,
  again,
  onAgain,
}: {
  title: string;
  detail: string | null;
  tone: 'success' | 'danger';
  again: string;
  onAgain(): void;
}) {
  const { t } = useTranslation('ranger');
  return (
    <section className="space-y-4" aria-live="polite">
      <div
        role="status"
        className={`rounded-2xl p-5 text-white ${tone === 'danger' ? 'bg-red-700' : 'bg-green-800'}`}
      >
        <p className="flex items-center gap-3 font-black text-3xl">
          <CircleCheckBig aria-hidden className="size-10 shrink-0" />
          {title}
        </p>
        {detail && <p className="mt-3 font-bold text-2xl">{detail}</p>}
        <p className="mt-3 text-lg">{t('field.keptOnPhone')}</p>
      </div>
      <BigButton onClick={onAgain}>{again}</BigButton>
    </section>
  );
}

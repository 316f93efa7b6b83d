import { useTranslation } from 'react-i18next';

export type SpinnerSize = 'small' | 'medium' | 'large';

const RING: Record<SpinnerSize, string> = {
  small: 'size-4 border-2',
  medium: 'size-8 border-[3px]',
  large: 'size-14 border-4',
};

/** SPEC section 2: the word Loading shows for large spinners only; smaller ones keep it for screen readers. */
export function Spinner({ size = 'medium' }: { size?: SpinnerSize }) {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  const label = ready ? t('loading') : '';
  return (
    <div role="status" aria-label={label} className="flex flex-col items-center justify-center gap-3 p-4">
      <span className={`${RING[size]} animate-spin rounded-full border-brand-600 border-t-transparent`} />
      {size === 'large' && <span className="text-sm text-stone-600">{label}</span>}
    </div>
  );
}

import type { ButtonHTMLAttributes } from 'react';
import { useHydrated } from './client-only.tsx';

const VARIANTS = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800',
  secondary: 'border border-stone-300 bg-white text-stone-800 hover:bg-stone-100',
  danger: 'bg-red-700 text-white hover:bg-red-800',
} as const;

export const buttonClass = (variant: keyof typeof VARIANTS = 'primary') =>
  `inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 font-semibold disabled:opacity-60 ${VARIANTS[variant]}`;

/**
 * A button; while `busy` it is disabled and says what it is doing (`busyLabel`), so a second
 * tap cannot send the form twice.
 */
export function Button({
  variant = 'primary',
  busy = false,
  busyLabel,
  children,
  className = '',
  type = 'button',
  disabled,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: keyof typeof VARIANTS;
  busy?: boolean;
  busyLabel?: string;
}) {
  const hydrated = useHydrated();
  return (
    <button
      type={type}
      // Until the page's script has taken over, a form would submit itself to the address bar.
      disabled={disabled || busy || !hydrated}
      aria-busy={busy || undefined}
      className={`${buttonClass(variant)} ${className}`}
      {...props}
    >
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}

import type { ButtonHTMLAttributes } from 'react';

/** Inputs a gloved thumb hits and a ranger reads in sunlight: large type, thick dark borders. */
export const fieldInputClass =
  'w-full rounded-lg border-2 border-stone-900 bg-white px-4 py-3 text-xl text-stone-950 focus:outline-none focus:ring-4 focus:ring-sky-500';

const TONES = {
  primary: 'bg-stone-950 text-white',
  secondary: 'border-2 border-stone-950 bg-white text-stone-950',
  danger: 'bg-red-700 text-white',
  success: 'bg-green-800 text-white',
} as const;

/** A full-width button at least 64 px high. */
export function BigButton({
  tone = 'primary',
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { tone?: keyof typeof TONES }) {
  return (
    <button
      type={type}
      className={`flex min-h-16 w-full items-center justify-center gap-2 rounded-xl px-4 py-3 font-bold text-xl disabled:opacity-50 ${TONES[tone]} ${className}`}
      {...props}
    />
  );
}

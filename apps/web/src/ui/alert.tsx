import type { ReactNode } from 'react';

const TONES = {
  error: 'border-red-200 bg-red-50 text-red-800',
  success: 'border-brand-100 bg-brand-50 text-brand-900',
  info: 'border-amber-200 bg-amber-50 text-amber-900',
} as const;

/**
 * A message about the whole form or page. Errors are announced at once (`alert`), other news
 * politely (`status`).
 */
export function Alert({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-lg border p-4 ${TONES[tone]}`}>
      {children}
    </div>
  );
}

/** A form that failed: what failed, then what the server said when it says more (`detail`). */
export function FailureAlert({ title, detail }: { title: ReactNode; detail?: ReactNode }) {
  return (
    <Alert tone="error">
      <p>{title}</p>
      {detail && <p className="mt-1">{detail}</p>}
    </Alert>
  );
}

import { type ComponentProps, type ReactNode, useId } from 'react';

export const inputClass =
  'w-full rounded-md border border-stone-300 bg-white px-3 py-2 aria-invalid:border-red-600 disabled:bg-stone-100';

/** What a field's control needs to be named by its label and described by its hint and error. */
export type ControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/** A labelled form control with an optional hint and the message of what is wrong with it. */
export function FormField({
  label,
  error,
  hint,
  children,
}: {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium text-sm text-stone-700">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described || undefined })}
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-stone-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-red-700 text-sm">
          {error}
        </p>
      )}
    </div>
  );
}

/** A checkbox with its label beside it, and the message of what is wrong with it. */
export function CheckboxField({
  label,
  error,
  children,
}: {
  label: ReactNode;
  error?: string | undefined;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-2">
        {children({
          id,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
        })}
        <label htmlFor={id} className="text-sm text-stone-800">
          {label}
        </label>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-red-700 text-sm">
          {error}
        </p>
      )}
    </div>
  );
}

export const checkboxClass = 'mt-0.5 size-4 shrink-0 accent-brand-700';

/** A labelled text input; the rest of the props go to the input. */
export function TextField({
  label,
  error,
  hint,
  className = inputClass,
  ...inputProps
}: ComponentProps<'input'> & { label: ReactNode; error?: string | undefined; hint?: ReactNode }) {
  return (
    <FormField label={label} error={error} hint={hint}>
      {(control) => <input {...control} {...inputProps} className={className} />}
    </FormField>
  );
}

/**
 * One of a few choices as a card to tap: a radio, the choice's name and what it means below, the
 * card marked while chosen. The rest of the props go to the radio (`value`, a form's field).
 */
export function RadioCard({
  title,
  text,
  ...inputProps
}: Omit<ComponentProps<'input'>, 'type' | 'className' | 'title'> & { title: ReactNode; text: ReactNode }) {
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-stone-200 p-3 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-700">
      <input type="radio" className={checkboxClass} {...inputProps} />
      <span>
        <span className="block font-medium text-stone-900">{title}</span>
        <span className="block text-sm text-stone-600">{text}</span>
      </span>
    </label>
  );
}

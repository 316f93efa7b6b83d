import type { CountryCode } from '@sentiero/contract/common';
import { useEffect, useId, useState } from 'react';

type Option = { code: CountryCode; name: string };

/** A row of pill-shaped radio buttons; `allLabel` adds a "no filter" choice. */
export function CountryFilter({
  legend,
  options,
  value,
  onChange,
  allLabel,
}: {
  legend: string;
  options: Option[];
  value: CountryCode | undefined;
  onChange(value: CountryCode | undefined): void;
  allLabel?: string;
}) {
  const name = useId();
  // The choice shows at once, even when the parent applies it a moment later (through the address).
  const [shown, setShown] = useState(value);
  useEffect(() => setShown(value), [value]);
  const choices: { code: CountryCode | undefined; name: string }[] = allLabel
    ? [{ code: undefined, name: allLabel }, ...options]
    : options;
  return (
    <fieldset className="mb-4 flex flex-wrap gap-2">
      <legend className="sr-only">{legend}</legend>
      {choices.map((option) => (
        <label
          key={option.code ?? 'all'}
          className="relative cursor-pointer rounded-full border border-stone-300 px-4 py-1.5 text-sm has-checked:border-brand-700 has-checked:bg-brand-700 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-brand-600"
        >
          <input
            type="radio"
            name={name}
            value={option.code ?? ''}
            checked={option.code === shown}
            onChange={() => {
              setShown(option.code);
              onChange(option.code);
            }}
            className="absolute inset-0 cursor-pointer appearance-none rounded-full opacity-0"
          />
          {option.name}
        </label>
      ))}
    </fieldset>
  );
}

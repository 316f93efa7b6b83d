import { type ReactNode, useState } from 'react';
import { formatLocalizedDate } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';

type ChoosableGuest = { id: number; name: string; first_day: string; state: string };

/**
 * The guests a buyer ticks in My tickets' dialogs (cancel, move). `chosen` is what they ticked,
 * for the API's preview; until they tick one, the preview's own choice stands (every open
 * guest): `choice(preset)` gives the boxes ticked and the toggle. `onChange` runs on each tick.
 */
export function useGuestChoice(onChange?: () => void) {
  const [chosen, setChosen] = useState<number[] | undefined>(undefined);
  const choice = (preset: number[] | undefined) => {
    const ticked = chosen ?? preset ?? [];
    const toggle = (id: number) => {
      onChange?.();
      setChosen(ticked.includes(id) ? ticked.filter((one) => one !== id) : [...ticked, id]);
    };
    return { ticked, toggle };
  };
  return { chosen, choice };
}

/** One box a guest, open guests tickable; `aside` says what choosing them means (or their state). */
export function GuestChoice<Guest extends ChoosableGuest>({
  legend,
  guests,
  ticked,
  toggle,
  aside,
}: {
  legend: string;
  guests: Guest[];
  ticked: number[];
  toggle: (id: number) => void;
  aside: (guest: Guest) => ReactNode;
}) {
  const language = useCurrentLanguage();
  return (
    <fieldset>
      <legend className="mb-2 font-medium text-sm text-stone-700">{legend}</legend>
      <ul className="space-y-2">
        {guests.map((guest) => {
          const side = aside(guest);
          return (
            <li key={guest.id}>
              <label className="flex items-start gap-3 rounded-md border border-stone-200 p-3 text-sm has-checked:border-brand-700 has-checked:bg-brand-50 has-disabled:bg-stone-50">
                <input
                  type="checkbox"
                  className="mt-1"
                  checked={ticked.includes(guest.id)}
                  disabled={guest.state !== 'open'}
                  onChange={() => toggle(guest.id)}
                />
                <span className="min-w-0 flex-1">
                  <span className="block font-medium text-stone-900">{guest.name}</span>
                  <span className="block text-stone-600">
                    {formatLocalizedDate(guest.first_day, language, 'long')}
                  </span>
                </span>
                {side !== null && <span className="shrink-0 text-right text-stone-700">{side}</span>}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

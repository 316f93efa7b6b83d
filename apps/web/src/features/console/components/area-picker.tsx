import { useTranslation } from 'react-i18next';
import { checkboxClass } from '../../../ui/form-field.tsx';
import type { TeamPage } from '../api.ts';
import { toggleArea } from '../team-logic.ts';

/** The operator's areas a role may be narrowed to; none ticked means all of them. */
export function AreaPicker({
  areas,
  chosen,
  onChange,
}: {
  areas: TeamPage['areas'];
  chosen: number[];
  onChange(chosen: number[]): void;
}) {
  const { t } = useTranslation('console');
  if (areas.length === 0) return null;
  return (
    <fieldset className="space-y-2">
      <legend className="font-medium text-sm text-stone-700">{t('team.areas')}</legend>
      <p className="text-sm text-stone-600">{t('team.areasHint')}</p>
      <div className="grid max-h-48 gap-1 overflow-y-auto sm:grid-cols-2">
        {areas.map((area) => (
          <label key={area.id} className="flex items-start gap-2 text-sm text-stone-800">
            <input
              type="checkbox"
              className={checkboxClass}
              checked={chosen.includes(area.id)}
              onChange={() => onChange(toggleArea(chosen, area.id))}
            />
            {area.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

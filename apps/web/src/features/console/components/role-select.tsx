import type { StaffRole } from '@sentiero/contract/access';
import { useTranslation } from 'react-i18next';
import { FormField, inputClass } from '../../../ui/form-field.tsx';

/** The role of a grant, among those the staff member may give, named in their language. */
export function RoleSelect<Role extends StaffRole>({
  roles,
  value,
  onChange,
}: {
  roles: readonly Role[];
  value: Role;
  onChange(role: Role): void;
}) {
  const { t } = useTranslation('console');
  return (
    <FormField label={t('team.role')}>
      {(control) => (
        <select
          {...control}
          className={inputClass}
          value={value}
          onChange={(event) => onChange(event.target.value as Role)}
        >
          {roles.map((candidate) => (
            <option key={candidate} value={candidate}>
              {t(`roles.${candidate}`)}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

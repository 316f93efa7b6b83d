import type { Permission } from '@sentiero/contract/access';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { ConsoleMe } from '../api.ts';
import { visibleSections } from '../navigation.ts';

/** The console's sections the staff member's permissions open: a column on a desktop, a row on a tablet. */
export function ConsoleNav({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation('console');
  const sections = visibleSections(me.permissions as Permission[]);
  return (
    <nav aria-label={t('home.navigation')} className="md:w-56 md:shrink-0">
      <ul className="flex gap-2 md:flex-col">
        {sections.map((section) => (
          <li key={section.id}>
            <NavLink
              to={section.path}
              // A section stays current on its inner pages (a ticket's editor in the catalogue).
              end={section.id === 'home'}
              className="block rounded-md px-3 py-2 font-medium text-stone-800 hover:bg-stone-200 aria-[current=page]:bg-stone-200"
            >
              {t(`sections.${section.id}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

import type { Permission } from '@sentiero/contract/access';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { ConsoleMe } from '../api.ts';
import { visibleSections } from '../navigation.ts';

/** The console's sections the staff member's permissions open: a column on a desktop, a row on a tablet. */
export function ConsoleNav({ me }: { me: ConsoleMe }) {
  const sections = visibleSections(me.permissions as Permission[]);
  // The namespaces of the sections' own names, loaded with the console's.
  const namespaces = [...new Set(sections.flatMap((section) => section.label?.split(':')[0] ?? []))];
  const { t } = useTranslation(['console', ...namespaces]);
  return (
    <nav aria-label={t('console:home.navigation')} className="md:w-56 md:shrink-0">
      {/* On a phone one row that scrolls sideways: fifteen sections wrapped would fill the first screen. */}
      <ul className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-1 md:mx-0 md:flex-col md:gap-2 md:overflow-visible md:px-0">
        {sections.map((section) => (
          <li key={section.id} className="shrink-0">
            <NavLink
              to={section.path}
              // A section stays current on its inner pages (a ticket's editor in the catalogue).
              end={section.id === 'home'}
              className="block whitespace-nowrap rounded-md px-3 py-2 font-medium text-stone-800 hover:bg-stone-200 aria-[current=page]:bg-stone-200"
            >
              {section.label ? t(section.label) : t(`sections.${section.id}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

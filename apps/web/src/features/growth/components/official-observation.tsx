import type { GrowthRow } from '@sentiero/contract/growth';
import { findSpecies } from '@sentiero/contract/species';
import { formatLocalizedDate } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { LevelBadge } from './level-badge.tsx';

type Observation = GrowthRow['observations'][number];

/** The species the area's staff named, in the reader's language. */
export function useSpeciesNames(): (codes: readonly string[]) => string {
  const language = useCurrentLanguage();
  return (codes) =>
    codes
      .map((code) => findSpecies(code)?.names[language] ?? code)
      .filter(Boolean)
      .join(', ');
}

/**
 * The latest official observation of an area (ADR 040): the level its staff saw, on which day,
 * and the species they named; a dash when they recorded none.
 */
export function OfficialObservation({ observation }: { observation: Observation | undefined }) {
  const language = useCurrentLanguage();
  const speciesNames = useSpeciesNames();
  if (!observation) return <span className="text-stone-400">–</span>;
  const species = speciesNames(observation.species);
  return (
    <span className="flex flex-col items-start gap-0.5">
      <LevelBadge level={observation.level} />
      <span className="whitespace-nowrap text-stone-500 text-xs">
        <time dateTime={observation.date}>{formatLocalizedDate(observation.date, language)}</time>
      </span>
      {species && <span className="text-stone-600 text-xs">{species}</span>}
    </span>
  );
}

import { SPECIES, type Species } from './species-list.ts';

/**
 * Looking species up by the code stored with finds and notebook entries; the species themselves
 * are the data of `species-list.ts`. Plain code without zod, like the list (ADR 004).
 */

export type SpeciesCode = (typeof SPECIES)[number]['code'];

export const SPECIES_CODES = SPECIES.map((species) => species.code) as [SpeciesCode, ...SpeciesCode[]];

const BY_CODE = new Map<string, Species>(SPECIES.map((species) => [species.code, species]));

export function findSpecies(code: string | null | undefined): Species | undefined {
  return code ? BY_CODE.get(code) : undefined;
}

export const isSpeciesCode = (code: unknown): code is SpeciesCode =>
  typeof code === 'string' && BY_CODE.has(code);

/**
 * The species this one is mistaken for, both ways: a chanterelle's look-alikes are declared on it,
 * and the false chanterelle shows the chanterelle back.
 */
export function lookalikesOf(code: string): Species[] {
  const declared = BY_CODE.get(code)?.lookalikes ?? [];
  const reverse = SPECIES.filter((species) => (species.lookalikes as readonly string[]).includes(code)).map(
    (species) => species.code,
  );
  return [...new Set([...declared, ...reverse])].flatMap((other) => BY_CODE.get(other) ?? []);
}

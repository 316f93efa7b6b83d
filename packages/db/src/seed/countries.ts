import type { CountryCode } from '@sentiero/contract/common';
import type { LocalizedText } from '@sentiero/contract/languages';

export type SeedCountry = { code: CountryCode; name: LocalizedText };

export const seedCountries: readonly SeedCountry[] = [
  { code: 'IT', name: { it: 'Italia', en: 'Italy', es: 'Italia', de: 'Italien', sl: 'Italija' } },
  { code: 'CH', name: { it: 'Svizzera', en: 'Switzerland', es: 'Suiza', de: 'Schweiz', sl: 'Švica' } },
  { code: 'ES', name: { it: 'Spagna', en: 'Spain', es: 'España', de: 'Spanien', sl: 'Španija' } },
  { code: 'SI', name: { it: 'Slovenia', en: 'Slovenia', es: 'Eslovenia', de: 'Slowenien', sl: 'Slovenija' } },
];

import { z } from 'zod';
import { ZCountryCode, ZLanguageParam } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

export const ZCategory = z
  .object({ id: z.number().int(), slug: z.string(), name: z.string() })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof ZCategory>;

export const ZCountry = z.object({ code: ZCountryCode, name: z.string() }).meta({ id: 'Country' });
export type Country = z.infer<typeof ZCountry>;

export const ZRegion = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    country: ZCountryCode,
    latitude: z.number(),
    longitude: z.number(),
  })
  .meta({ id: 'Region' });
export type Region = z.infer<typeof ZRegion>;

export const categoryList = defineEndpoint({
  path: '/app/category/list',
  kind: 'read',
  access: 'public',
  cache: 'public',
  tag: 'catalogue',
  summary: 'The activity categories, named in the request language.',
  input: z.object({ lng: ZLanguageParam }),
  output: z.object({ category_list: z.array(ZCategory) }),
});

export const regionList = defineEndpoint({
  path: '/app/region/list',
  kind: 'read',
  access: 'public',
  cache: 'public',
  tag: 'catalogue',
  summary: 'Regions, optionally of one country, with the list of countries to choose from.',
  input: z.object({
    lng: ZLanguageParam,
    country: z
      .string()
      .trim()
      .toUpperCase()
      .pipe(ZCountryCode)
      .optional()
      .meta({ description: 'Only the regions of this country (IT, CH, ES, SI).' }),
  }),
  output: z.object({ region_list: z.array(ZRegion), country_list: z.array(ZCountry) }),
});

import { z } from 'zod';
import { ZCataloguePhoto } from './catalogue-photos.ts';
import { ZCountryCode, ZLanguageParam } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { ZId, ZPageParam, ZPaging } from './paging.ts';
import { ZActivity } from './tickets.ts';

export const AREAS_PAGE_SIZE = 24;

const ZBounds = z.tuple([z.tuple([z.number(), z.number()]), z.tuple([z.number(), z.number()])]);

export const ZAreaCard = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    summary: z.string(),
    region: z.object({ id: z.number().int(), name: z.string() }),
    country: ZCountryCode,
    latitude: z.number(),
    longitude: z.number(),
    bounds: ZBounds,
    available: z.boolean(),
    ticket_count: z.number().int(),
    min_price_cents: z.number().int().nullable(),
    /** The operator's first photo of the area, shown instead of the landscape; null: none. */
    photo: ZCataloguePhoto.nullable(),
  })
  .meta({ id: 'AreaCard' });
export type AreaCard = z.infer<typeof ZAreaCard>;

export const ZAreaInfo = ZAreaCard.extend({
  description: z.string(),
  city: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  time_zone: z.string(),
  limits: z.string().nullable(),
  activities: z.array(ZActivity),
  photos: z.array(
    z.object({
      url: z.string(),
      width: z.number().int(),
      height: z.number().int(),
      alt: z.string(),
      credit: z.string(),
    }),
  ),
  downloads: z.object({ area_rules: z.string() }),
  /** The operators' photos of the area in their order (ADR 030); the first is `photo`. */
  photo_list: z.array(ZCataloguePhoto),
}).meta({ id: 'AreaInfo' });
export type AreaInfo = z.infer<typeof ZAreaInfo>;

export const areaListV2 = defineEndpoint({
  path: '/app/v2/area/list',
  kind: 'read',
  access: 'public',
  cache: 'public',
  tag: 'areas',
  summary: 'Areas, filtered by country, region, category or activity, a page at a time.',
  input: z.object({
    lng: ZLanguageParam,
    country: z.string().trim().toUpperCase().pipe(ZCountryCode).optional(),
    id_region: ZId.optional(),
    id_category: ZId.optional(),
    activity: z.string().max(64).optional(),
    page: ZPageParam,
  }),
  output: z.object({ area_list: z.array(ZAreaCard), ...ZPaging }),
});

export const areaInfoV2 = defineEndpoint({
  path: '/app/v2/area/info',
  kind: 'read',
  access: 'public',
  cache: 'public',
  tag: 'areas',
  summary: 'Everything about one area.',
  input: z.object({ lng: ZLanguageParam, id: ZId }),
  output: z.object({ area: ZAreaInfo }),
});

export const ZCity = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    region: z.object({ id: z.number().int(), name: z.string() }),
    country: ZCountryCode,
    latitude: z.number(),
    longitude: z.number(),
  })
  .meta({ id: 'City' });

export const cityList = defineEndpoint({
  path: '/api/city/list',
  kind: 'read',
  access: 'public',
  cache: 'public',
  tag: 'areas',
  summary: 'Towns that areas start from, optionally of one region or matching a name.',
  input: z.object({
    lng: ZLanguageParam,
    id_region: ZId.optional(),
    q: z.string().trim().max(80).optional(),
  }),
  output: z.object({ city_list: z.array(ZCity) }),
});

export const getCity = defineEndpoint({
  path: '/app/get/city',
  kind: 'read',
  access: 'public',
  cache: 'public',
  tag: 'areas',
  summary: 'One town.',
  input: z.object({ lng: ZLanguageParam, id: ZId }),
  output: z.object({ city: ZCity }),
});

/** "Area not available": a visitor leaves an email to hear when the area opens (stored once per address). */
export const areaActivationRequest = defineEndpoint({
  path: '/app/area/activation/request',
  kind: 'write',
  access: 'public',
  tag: 'areas',
  summary: 'Ask to be told by email when an area that is not on sale yet opens.',
  input: z.object({
    lng: ZLanguageParam,
    id: ZId,
    email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
  }),
  output: z.object({ requested: z.literal(true) }),
});

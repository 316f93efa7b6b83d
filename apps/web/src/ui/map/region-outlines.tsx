import type { Region } from '@sentiero/contract/catalogue';
import { useQuery } from '@tanstack/react-query';
import type { Feature } from 'geojson';
import type { Path, PathOptions } from 'leaflet';
import { useMemo } from 'react';
import { GeoJSON, Pane } from 'react-leaflet';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// A file of its own (hashed, cached for good), fetched when a map mounts: never in a page's first load.
import outlinesUrl from './region-outlines.json?url';

/** The sea, behind everything: what a map shows where neither tiles nor land are drawn. */
export const SEA = '#dbe8f1';
const NEIGHBOUR: PathOptions = { color: '#d6d3d1', weight: 0.5, fillColor: '#e7e5e4', fillOpacity: 1 };
const REGION: PathOptions = { color: '#a8a29e', weight: 0.75, fillColor: '#fafaf9', fillOpacity: 1 };
const REGION_HOVER: PathOptions = { fillColor: '#dcfce7' };
const BORDER: PathOptions = { color: '#78716c', weight: 1.5, fill: false };

type RegionProperties = { country: Region['country']; slug: string | null };
type Outlines = Topology<{
  regions: GeometryCollection<RegionProperties>;
  neighbours: GeometryCollection;
}>;

export const regionOutlinesQueryOptions = {
  queryKey: ['map', 'region-outlines', outlinesUrl],
  queryFn: async ({ signal }: { signal: AbortSignal }) => {
    const response = await fetch(outlinesUrl, { signal });
    if (!response.ok) throw new Error(`region outlines: ${response.status}`);
    return (await response.json()) as Outlines;
  },
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
};

/**
 * The four countries, their regions and the land around them, drawn in a pane below the tiles:
 * when the tile server cannot be reached (a valley, a blocked CDN) the map is still a map, and
 * when the tiles arrive they cover it. With `onOpen`, each region Sentiero has a page for (`regions`,
 * matched by slug) names itself on hover and opens on a click; the others are only drawn.
 */
export function RegionOutlines({
  regions = [],
  onOpen,
}: {
  regions?: Pick<Region, 'id' | 'slug' | 'name'>[];
  onOpen?(regionId: number): void;
}) {
  const outlines = useQuery(regionOutlinesQueryOptions).data;
  const shapes = useMemo(() => {
    if (!outlines) return null;
    const { regions: units, neighbours } = outlines.objects;
    return {
      neighbours: feature(outlines, neighbours),
      regions: feature(outlines, units),
      // Borders between countries and the coast, drawn once over the regions' thin lines.
      borders: mesh(
        outlines,
        units,
        (a, b) =>
          a === b ||
          (a.properties as RegionProperties).country !== (b.properties as RegionProperties).country,
      ),
    };
  }, [outlines]);
  const bySlug = useMemo(() => new Map(regions.map((region) => [region.slug, region])), [regions]);
  if (!shapes) return null;

  const findPage = (unit: Feature) =>
    onOpen ? bySlug.get((unit.properties as RegionProperties).slug ?? '') : undefined;
  const linkRegion = (unit: Feature, layer: Path) => {
    const region = findPage(unit);
    if (!region || !onOpen) return;
    layer.bindTooltip(region.name, { sticky: true });
    layer.on({
      click: () => onOpen(region.id),
      mouseover: () => layer.setStyle(REGION_HOVER),
      mouseout: () => layer.setStyle(REGION),
    });
  };

  return (
    // Below the tile pane (200): Leaflet lets clicks through the tiles to the regions under them.
    <Pane name="outlines" style={{ zIndex: 150 }}>
      <GeoJSON data={shapes.neighbours} style={NEIGHBOUR} interactive={false} />
      {/* Leaflet reads a GeoJSON layer's data once: a new key draws it again when the regions arrive. */}
      <GeoJSON
        key={`without-${bySlug.size}`}
        data={shapes.regions}
        filter={(unit) => !findPage(unit)}
        style={REGION}
        interactive={false}
      />
      <GeoJSON
        key={`with-${bySlug.size}`}
        data={shapes.regions}
        filter={(unit) => Boolean(findPage(unit))}
        // The region's slug as a class: a hook for styles and tests, the same in every language.
        style={(unit) => ({
          ...REGION,
          className: `region-${(unit?.properties as RegionProperties | undefined)?.slug}`,
        })}
        onEachFeature={(unit, layer) => linkRegion(unit, layer as Path)}
      />
      <GeoJSON data={shapes.borders} style={BORDER} interactive={false} />
    </Pane>
  );
}

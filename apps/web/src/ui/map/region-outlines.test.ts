import { readFileSync } from 'node:fs';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { describe, expect, it } from 'vitest';
// The seeded regions are the ones the maps link to: read from the seed itself, not copied.
import { seedRegions } from '../../../../../packages/db/src/seed/regions.ts';

type RegionProperties = { country: string; slug: string | null };
const outlines = JSON.parse(
  readFileSync(new URL('./region-outlines.json', import.meta.url), 'utf8'),
) as Topology<{
  regions: GeometryCollection<RegionProperties>;
  neighbours: GeometryCollection;
}>;
const regions = feature(outlines, outlines.objects.regions).features;

describe('the region outlines the maps draw without tiles', () => {
  it('give every seeded region exactly one outline, in its own country', () => {
    for (const region of seedRegions) {
      const drawn = regions.filter((outline) => outline.properties.slug === region.slug);
      expect(drawn, region.slug).toHaveLength(1);
      expect(drawn[0]?.properties.country, region.slug).toBe(region.country);
    }
    const linked = regions.filter((outline) => outline.properties.slug !== null);
    expect(linked).toHaveLength(seedRegions.length);
  });

  it("contain each seeded region's own point", () => {
    for (const region of seedRegions) {
      const outline = regions.find((candidate) => candidate.properties.slug === region.slug);
      const polygons =
        outline?.geometry.type === 'MultiPolygon'
          ? outline.geometry.coordinates
          : outline?.geometry.type === 'Polygon'
            ? [outline.geometry.coordinates]
            : [];
      expect(
        polygons.some((polygon) => contains(polygon, [region.longitude, region.latitude])),
        region.slug,
      ).toBe(true);
    }
  });

  it('stay a small file fetched with the map', () => {
    // A few hundred kilobytes at most (ADR 026): about 55 KB over the wire, gzipped.
    expect(readFileSync(new URL('./region-outlines.json', import.meta.url)).length).toBeLessThan(300_000);
  });
});

/** Even–odd ray casting over a polygon's rings (its holes included). */
function contains(polygon: number[][][], [x, y]: [number, number]) {
  let inside = false;
  for (const ring of polygon) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi = 0, yi = 0] = ring[i] ?? [];
      const [xj = 0, yj = 0] = ring[j] ?? [];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

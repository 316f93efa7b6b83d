import type { ForagingArea } from '@sentiero/contract/finds';
import { findSpecies } from '@sentiero/contract/species';
import { type LatLngBoundsExpression, latLngBounds } from 'leaflet';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AttributionControl,
  Circle,
  CircleMarker,
  Rectangle,
  TileLayer,
  Tooltip,
  useMap,
  useMapEvents,
  ZoomControl,
} from 'react-leaflet';
import { LabelledMap } from '../../../ui/map/labelled-map.tsx';
import { RegionOutlines } from '../../../ui/map/region-outlines.tsx';
import type { ShownFind } from '../api.ts';

export type Draft = { latitude: number; longitude: number; accuracy: number | null };

const COLOURS = {
  edible: '#15803d',
  toxic: '#b45309',
  deadly: '#b91c1c',
  unknown: '#57534e',
} as const;

const ITALY: LatLngBoundsExpression = [
  [36.6, 6.6],
  [47.1, 18.5],
];

/** Taps on the map place the draft marker. */
function TapToPlace({ onTap }: { onTap(latitude: number, longitude: number): void }) {
  useMapEvents({ click: (event) => onTap(event.latlng.lat, event.latlng.lng) });
  return null;
}

/** Brings a position placed from the phone's GPS into view. */
function FollowDraft({ draft }: { draft: Draft | null }) {
  const map = useMap();
  useEffect(() => {
    if (draft?.accuracy != null) map.setView([draft.latitude, draft.longitude], Math.max(map.getZoom(), 14));
  }, [draft, map]);
  return null;
}

/**
 * The member's markers over the foraging areas (their bounds and centre) and the regions'
 * outlines, drawn as vector shapes so the map stays useful when the tile server cannot be
 * reached. Loaded on its own, only here.
 */
export default function FindsMap({
  finds,
  areas,
  draft,
  tileUrl,
  attribution,
  label,
  onTap,
  onSelect,
}: {
  finds: ShownFind[];
  areas: ForagingArea[];
  draft: Draft | null;
  tileUrl: string;
  attribution: string;
  label: string;
  onTap(latitude: number, longitude: number): void;
  onSelect(find: ShownFind): void;
}) {
  const { t, i18n } = useTranslation('finds');
  const language = i18n.resolvedLanguage as 'it';
  const points = finds.map((find) => [find.latitude, find.longitude] as [number, number]);
  const bounds = points.length > 0 ? latLngBounds(points).pad(0.2) : ITALY;
  return (
    <LabelledMap
      label={label}
      bounds={bounds}
      maxZoom={18}
      scrollWheelZoom={false}
      zoomControl={false}
      attributionControl={false}
      className="size-full"
    >
      <ZoomControl zoomInTitle={t('map.zoomIn')} zoomOutTitle={t('map.zoomOut')} />
      <AttributionControl prefix={false} />
      {/* Only drawn here: a tap on the member's map places a find, it opens no region. */}
      <RegionOutlines />
      <TileLayer url={tileUrl} attribution={attribution} />
      <TapToPlace onTap={onTap} />
      <FollowDraft draft={draft} />
      {areas.map((area) => (
        <Rectangle
          key={area.id}
          bounds={area.bounds}
          pathOptions={{ color: '#166534', weight: 1, fillOpacity: 0.06, dashArray: '4 4' }}
          interactive={false}
        />
      ))}
      {finds.map((find) => {
        const species = findSpecies(find.species_code);
        const colour = COLOURS[species?.edibility ?? 'unknown'];
        return (
          <CircleMarker
            key={find.id}
            center={[find.latitude, find.longitude]}
            radius={9}
            pathOptions={{
              color: find.sync === 'pending' ? '#1c1917' : '#ffffff',
              dashArray: find.sync === 'pending' ? '3 3' : undefined,
              weight: 2,
              fillColor: colour,
              fillOpacity: 0.95,
            }}
            eventHandlers={{ click: () => onSelect(find) }}
          >
            <Tooltip>
              {species ? (species.names[language] ?? species.latin) : t('form.speciesNone')} · {find.found_on}
            </Tooltip>
          </CircleMarker>
        );
      })}
      {draft && (
        <>
          {draft.accuracy !== null && (
            <Circle
              center={[draft.latitude, draft.longitude]}
              radius={draft.accuracy}
              pathOptions={{ color: '#2563eb', weight: 1, fillOpacity: 0.1 }}
              interactive={false}
            />
          )}
          <CircleMarker
            center={[draft.latitude, draft.longitude]}
            radius={7}
            pathOptions={{ color: '#ffffff', weight: 3, fillColor: '#2563eb', fillOpacity: 1 }}
            interactive={false}
          />
        </>
      )}
    </LabelledMap>
  );
}

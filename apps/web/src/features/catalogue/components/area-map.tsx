import type { AreaCard } from '@sentiero/contract/areas';
import type { Region } from '@sentiero/contract/catalogue';
import { latLngBounds } from 'leaflet';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { AttributionControl, CircleMarker, Rectangle, TileLayer, Tooltip, ZoomControl } from 'react-leaflet';
import { LabelledMap } from '../../../ui/map/labelled-map.tsx';
import { RegionOutlines } from '../../../ui/map/region-outlines.tsx';

const AVAILABLE = { color: '#15803d', fillColor: '#16a34a' };
const NOT_AVAILABLE = { color: '#b45309', fillColor: '#f59e0b' };

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Areas drawn as vector shapes (their bounds and a dot) over the regions' outlines, so the map
 * stays readable and clickable when the tile server cannot be reached: a valley with no signal
 * still shows where to go. A region opens its page from the map (and from `RegionLinks` beside it,
 * for the keyboard). Loaded on its own, only by screens that show a map.
 */
export default function AreaMap({
  areas,
  regions,
  tileUrl,
  attribution,
  label,
  onOpen,
  onOpenRegion,
}: {
  areas: AreaCard[];
  regions: Region[];
  tileUrl: string;
  attribution: string;
  label: string;
  onOpen(areaId: number): void;
  onOpenRegion(regionId: number): void;
}) {
  const { t } = useTranslation('catalogue');
  if (areas.length === 0) return null;
  // Leaflet writes its controls' names and the credit to itself in English: given here in the
  // reader's language (the prefix is HTML, so the translated title is escaped).
  const prefix = `<a href="https://leafletjs.com" title="${escapeHtml(t('mapControls.leafletTitle'))}">Leaflet</a>`;
  const bounds = latLngBounds(areas.flatMap((area) => area.bounds));
  return (
    <LabelledMap
      label={label}
      bounds={bounds}
      boundsOptions={{ padding: [24, 24] }}
      scrollWheelZoom={false}
      zoomControl={false}
      attributionControl={false}
      className="h-80 w-full rounded-xl border border-stone-200 md:h-96"
    >
      <ZoomControl zoomInTitle={t('mapControls.zoomIn')} zoomOutTitle={t('mapControls.zoomOut')} />
      <AttributionControl prefix={prefix} />
      <RegionOutlines regions={regions} onOpen={onOpenRegion} />
      <TileLayer url={tileUrl} attribution={`${attribution} · ${t('mapControls.outlinesCredit')}`} />
      {areas.map((area) => {
        const colours = area.available ? AVAILABLE : NOT_AVAILABLE;
        const open = { click: () => onOpen(area.id) };
        return (
          <Fragment key={area.id}>
            <Rectangle
              bounds={area.bounds}
              pathOptions={{ ...colours, weight: 1, fillOpacity: 0.12 }}
              eventHandlers={open}
            />
            <CircleMarker
              center={[area.latitude, area.longitude]}
              radius={8}
              pathOptions={{ ...colours, weight: 2, fillOpacity: 0.9 }}
              eventHandlers={open}
            >
              <Tooltip>{area.name}</Tooltip>
            </CircleMarker>
          </Fragment>
        );
      })}
    </LabelledMap>
  );
}

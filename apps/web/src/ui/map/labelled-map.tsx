import 'leaflet/dist/leaflet.css';
import type { ReactNode } from 'react';
import { MapContainer, type MapContainerProps } from 'react-leaflet';
import { SEA } from './region-outlines.tsx';

/**
 * Every map of the app: a landmark named by `label` (Leaflet's own container takes no name, so a
 * map without this frame is an unnamed box to a screen reader), the map filling `className`'s box
 * over the sea's colour.
 */
export function LabelledMap({
  label,
  className,
  children,
  ...options
}: Omit<MapContainerProps, 'className' | 'style' | 'children'> & {
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <section aria-label={label} className={className}>
      {/* Inline: leaflet.css paints every map container grey, and its chunk loads after ours. */}
      <MapContainer {...options} className="size-full rounded-[inherit]" style={{ background: SEA }}>
        {children}
      </MapContainer>
    </section>
  );
}

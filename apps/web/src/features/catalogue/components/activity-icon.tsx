import {
  Binoculars,
  Compass,
  Fish,
  Footprints,
  Kayak,
  type LucideIcon,
  Mountain,
  MountainSnow,
  Plane,
  Sailboat,
  Ship,
  Snowflake,
  Sprout,
  TreePine,
  Waves,
  Wind,
} from 'lucide-react';

/** One icon per activity, imported one by one so the bundle carries only these. */
const ICONS: Record<string, LucideIcon> = {
  'mushroom-foraging': TreePine,
  'truffle-hunting': Sprout,
  fishing: Fish,
  'cross-country-skiing': MountainSnow,
  snowshoeing: Snowflake,
  trekking: Footprints,
  'via-ferrata': Mountain,
  kayak: Kayak,
  canoe: Kayak,
  boat: Ship,
  rafting: Waves,
  windsurf: Wind,
  parachuting: Plane,
  canyoning: Waves,
  'whale-watching': Sailboat,
  'wildlife-watching': Binoculars,
};

export function ActivityIcon({ activity, className = 'size-5' }: { activity: string; className?: string }) {
  const Icon = ICONS[activity] ?? Compass;
  return <Icon aria-hidden className={className} />;
}

import type { CataloguePhoto } from '@sentiero/contract/catalogue-photos';

/**
 * The activities drawn in `public/illustrations/<slug>.svg`, all 640×400. The files are served by
 * URL, never imported, so no page's JavaScript carries a drawing.
 */
export const ILLUSTRATED_ACTIVITIES = [
  'mushroom-foraging',
  'truffle-hunting',
  'fishing',
  'cross-country-skiing',
  'snowshoeing',
  'trekking',
  'via-ferrata',
  'kayak',
  'canoe',
  'boat',
  'rafting',
  'windsurf',
  'parachuting',
  'canyoning',
  'whale-watching',
  'wildlife-watching',
] as const;

/** Landscapes without an activity in them, for places: an area card says nothing of what is done there. */
export const LANDSCAPES = ['default', 'landscape-lake', 'landscape-hills'] as const;

const ILLUSTRATION_WIDTH = 640;
const ILLUSTRATION_HEIGHT = 400;

const illustrated = new Set<string>(ILLUSTRATED_ACTIVITIES);

export function getActivityIllustration(activity: string): string {
  return `/illustrations/${illustrated.has(activity) ? activity : 'default'}.svg`;
}

/**
 * The same place always gets the same landscape. Consecutive ids take the landscapes in turn, one
 * step further along every three, so a grid of three columns does not line the same one up in a column.
 */
export function getPlaceIllustration(placeId: number): string {
  const id = Math.abs(placeId);
  return `/illustrations/${LANDSCAPES[(id + Math.floor(id / LANDSCAPES.length)) % LANDSCAPES.length]}.svg`;
}

type PictureProps = {
  /** The operator's photo of the ticket or place, shown instead of the drawing; its alt text describes it. */
  photo?: CataloguePhoto | null | undefined;
  /**
   * The first picture a visitor sees (a page's header, the first card): fetched at once and
   * first. Every other picture waits until it is about to scroll into view.
   */
  priority?: boolean;
  /** The box kept before the picture arrives, so nothing moves: the drawing's 16:10, or a lower band. */
  shape?: keyof typeof SHAPES;
  /** Width and rounding from the caller. */
  className?: string;
  /** How wide the photo is shown (`sizes`), when not as wide as the shape's usual place. */
  sizes?: string;
};

const SHAPES = {
  // Lower on a phone, where cards stack one under the other.
  card: 'aspect-[2/1] object-[50%_75%] sm:aspect-[16/10]',
  // Lower boxes keep the drawing's lower part, where its subject stands.
  band: 'aspect-[16/7] object-[50%_75%]',
  // A page's own picture: a band above the title on a phone, the whole drawing beside it on a wide screen.
  header: 'aspect-[16/7] object-[50%_75%] lg:aspect-[16/10]',
} as const;

/** A ticket's or activity's picture: its photo when there is one, otherwise its drawing. */
export function ActivityPicture({ activity, ...props }: PictureProps & { activity: string }) {
  return <Picture illustration={getActivityIllustration(activity)} {...props} />;
}

/** An area's picture: its photo when there is one, otherwise a landscape. */
export function PlacePicture({ placeId, ...props }: PictureProps & { placeId: number }) {
  return <Picture illustration={getPlaceIllustration(placeId)} {...props} />;
}

/**
 * How wide each shape is shown, for the browser to pick a file from `srcset` before the layout
 * is known: cards fill the page's 1120 px in three columns from 1024 px (two from 640 px, one
 * below); a page's own picture is one of three columns from 1024 px and the whole width below.
 */
const CARD_SIZES =
  '(min-width: 1152px) 363px, (min-width: 1024px) calc((100vw - 64px) / 3), (min-width: 640px) calc((100vw - 48px) / 2), calc(100vw - 32px)';
const SIZES = {
  card: CARD_SIZES,
  band: CARD_SIZES,
  header: '(min-width: 1152px) 352px, (min-width: 1024px) calc((100vw - 96px) / 3), calc(100vw - 32px)',
} as const satisfies Record<keyof typeof SHAPES, string>;

const srcSet = (files: CataloguePhoto['sources']['jpeg']) =>
  files.map((file) => `${file.url} ${file.width}w`).join(', ');

/** The box a picture of that shape keeps, for placeholders drawn before the picture is known. */
export function getPictureBoxClass(shape: keyof typeof SHAPES): string {
  return SHAPES[shape];
}

function Picture({
  illustration,
  photo,
  priority = false,
  shape = 'card',
  className = '',
  sizes = SIZES[shape],
}: PictureProps & { illustration: string }) {
  const loading = {
    loading: priority ? 'eager' : 'lazy',
    decoding: priority ? 'auto' : 'async',
    fetchPriority: priority ? 'high' : 'auto',
    className: `${SHAPES[shape]} w-full bg-sand-100 object-cover ${className}`,
  } as const;
  if (!photo) {
    // The drawings are decorative: the card's or page's title already says what it shows.
    return (
      <img src={illustration} alt="" width={ILLUSTRATION_WIDTH} height={ILLUSTRATION_HEIGHT} {...loading} />
    );
  }
  // AVIF, then WebP, then JPEG: each browser takes the first type it reads, at the width it needs.
  return (
    <picture className="contents">
      {photo.sources.avif.length > 0 && (
        <source type="image/avif" srcSet={srcSet(photo.sources.avif)} sizes={sizes} />
      )}
      {photo.sources.webp.length > 0 && (
        <source type="image/webp" srcSet={srcSet(photo.sources.webp)} sizes={sizes} />
      )}
      <img
        src={photo.src}
        srcSet={srcSet(photo.sources.jpeg)}
        sizes={sizes}
        alt={photo.alt}
        // The photo's own ratio: the box's is kept by the shape's class, so nothing moves.
        width={photo.width}
        height={photo.height}
        {...loading}
      />
    </picture>
  );
}

import { readFileSync, statSync } from 'node:fs';
import { seedActivityTypes } from '@sentiero/db/seed/vocabulary';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  ActivityPicture,
  getActivityIllustration,
  getPlaceIllustration,
  ILLUSTRATED_ACTIVITIES,
  LANDSCAPES,
  PlacePicture,
} from './activity-picture.tsx';

const publicDir = new URL('../../public', import.meta.url);
const file = (url: string) => new URL(`.${url}`, `${publicDir}/`);

describe('illustrations', () => {
  it('draws every activity the catalogue sells, and no other', () => {
    expect([...ILLUSTRATED_ACTIVITIES].sort()).toEqual(seedActivityTypes.map((type) => type.slug).sort());
  });

  it.each([
    ...ILLUSTRATED_ACTIVITIES.map((activity) => getActivityIllustration(activity)),
    ...LANDSCAPES.map((landscape) => `/illustrations/${landscape}.svg`),
  ])('%s exists, is 640×400 and stays under 4 KB', (url) => {
    expect(readFileSync(file(url), 'utf8')).toMatch(/^<svg [^>]*viewBox="0 0 640 400"/);
    expect(statSync(file(url)).size).toBeLessThan(4096);
  });

  it('keeps the home hero wide and under 10 KB', () => {
    expect(readFileSync(file('/illustrations/hero.svg'), 'utf8')).toMatch(
      /^<svg [^>]*viewBox="0 0 1600 480"/,
    );
    expect(statSync(file('/illustrations/hero.svg')).size).toBeLessThan(10_240);
  });

  it('falls back to the plain landscape for an activity without its own drawing', () => {
    expect(getActivityIllustration('paragliding')).toBe('/illustrations/default.svg');
  });

  it('gives a place the same landscape every time, and the next place another one', () => {
    expect(getPlaceIllustration(7)).toBe(getPlaceIllustration(7));
    for (let id = 1; id < 30; id++) expect(getPlaceIllustration(id + 1)).not.toBe(getPlaceIllustration(id));
  });

  it('does not line the same landscape up in a column of a three-column grid', () => {
    const column = [1, 4, 7].map(getPlaceIllustration);
    expect(new Set(column).size).toBe(3);
  });
});

describe('ActivityPicture', () => {
  it('reserves its size and waits until it nears the screen', () => {
    const html = renderToString(<ActivityPicture activity="rafting" />);
    expect(html).toContain('src="/illustrations/rafting.svg"');
    expect(html).toContain('width="640"');
    expect(html).toContain('height="400"');
    expect(html).toContain('alt=""');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('decoding="async"');
    expect(html).toMatch(/class="[^"]*aspect-/);
  });

  it('is fetched at once and first when it is the first picture of the page', () => {
    const html = renderToString(<ActivityPicture activity="rafting" priority />);
    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchPriority="high"');
  });

  it('shows a place photo with its own size and description instead of the drawing', () => {
    const file = (format: string, width: number) => ({ width, url: `/photos/verzasca-${width}.${format}` });
    const html = renderToString(
      <PlacePicture
        placeId={3}
        photo={{
          id: 1,
          width: 1200,
          height: 800,
          alt: 'The Verzasca dam',
          sources: { avif: [file('avif', 640)], webp: [file('webp', 640)], jpeg: [file('jpeg', 640)] },
          src: '/photos/verzasca-640.jpeg',
        }}
      />,
    );
    expect(html).not.toContain('/illustrations/');
    expect(html).toContain('src="/photos/verzasca-640.jpeg"');
    expect(html).toContain('width="1200"');
    expect(html).toContain('height="800"');
    expect(html).toContain('alt="The Verzasca dam"');
  });
});

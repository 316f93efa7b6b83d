import { describe, expect, it } from 'vitest';
import { isServerRenderedPath, isWithinPage, matchPage, PAGE_NAMES, PAGES } from './pages.ts';

/** A link to every page, with parameters that need encoding (a blog sku may hold any text). */
function sampleLink(pattern: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const part of pattern.split('/'))
    if (part.startsWith(':')) params[part.slice(1)] = `a b/ç?${part.length}`;
  return params;
}

describe('the table of pages', () => {
  it.each(PAGE_NAMES)('finds %s again from the link it builds, parameters decoded', (name) => {
    const page = PAGES[name];
    const params = sampleLink(page.pattern);
    const path = (page.path as (link: Record<string, string>) => string)(params);
    expect(matchPage(path)).toEqual({ name, params });
    expect(matchPage(`${path}/`)?.name).toBe(name);
  });

  it('has one page per pattern', () => {
    const patterns = PAGE_NAMES.map((name) => PAGES[name].pattern.replace(/:[^/]+/g, ':'));
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it('describes every server-rendered page, and only those', () => {
    for (const name of PAGE_NAMES) {
      expect(PAGES[name].head !== undefined, name).toBe(PAGES[name].serverRendered);
    }
  });

  it('builds links with their query and section, leaving out empty values', () => {
    expect(PAGES.eventConfirmation.path({ eventId: 7, order: 'SEN-12' })).toBe(
      '/event/7/confirmation?order=SEN-12',
    );
    expect(PAGES.events.path({ country: 'IT', region: 4, page: undefined })).toBe(
      '/events?country=IT&region=4',
    );
    expect(PAGES.search.path({ q: '', country: 'SI' })).toBe('/search?country=SI');
    expect(PAGES.resetPassword.path({ token: 'a+b/c=' })).toBe('/reset-password?token=a%2Bb%2Fc%3D');
    expect(PAGES.account.path({ hash: 'subscriptions' })).toBe('/user#subscriptions');
    expect(PAGES.home.path()).toBe('/');
    expect(PAGES.blogPost.path({ blogId: 'porcini & co' })).toBe('/blog/porcini%20%26%20co');
  });

  it('reads a path without its query and section, and refuses what no page has', () => {
    expect(matchPage('/event/12?lng=en#top')).toEqual({ name: 'event', params: { eventId: '12' } });
    expect(matchPage('/')).toEqual({ name: 'home', params: {} });
    expect(matchPage('/event/12/nothing')).toBeUndefined();
    expect(matchPage('/event//')).toBeUndefined();
    expect(matchPage('/blog/%E0%A4%A')).toBeUndefined();
    expect(matchPage('event/12')).toBeUndefined();
  });

  it('tells the paths within a page from those that only begin with its name', () => {
    expect(isWithinPage('ranger', '/ranger')).toBe(true);
    expect(isWithinPage('ranger', '/ranger/')).toBe(true);
    expect(isWithinPage('ranger', '/ranger/queue')).toBe(true);
    expect(isWithinPage('ranger', '/rangers')).toBe(false);
    expect(isWithinPage('ranger', '/')).toBe(false);
    expect(isWithinPage('console', '/console/orders/ST-1')).toBe(true);
  });

  it('matches a long path in linear time', () => {
    const started = performance.now();
    expect(matchPage(`/${'a/'.repeat(100_000)}`)).toBeUndefined();
    expect(matchPage(`/blog/${'%'.repeat(100_000)}`)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('tells server-rendered pages from the browser’s', () => {
    expect(isServerRenderedPath('/event/3')).toBe(true);
    expect(isServerRenderedPath('/event/3/payment')).toBe(false);
    expect(isServerRenderedPath('/user/mytickets')).toBe(false);
    expect(isServerRenderedPath('/nowhere')).toBe(false);
  });
});

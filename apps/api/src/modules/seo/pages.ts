import {
  matchPage,
  PAGES,
  type PageHeadSource,
  type PageName,
  type PageParams,
} from '@sentiero/contract/pages';
import type { ServiceContext } from '../../platform/context.ts';
import { translate } from '../../platform/i18n.ts';
import type { PageHead } from '../../platform/page-head.ts';
import { requireAreaInfo } from '../areas/index.ts';
import { requireBlogPost } from '../blog/index.ts';
import { listCategories } from '../catalogue/index.ts';
import { listGuides } from '../guides/index.ts';
import { findReviewSummary } from '../reviews/index.ts';
import { requireTicketInfo } from '../tickets/index.ts';

const shorten = (text: string, length = 160) => {
  const plain = text
    .replace(/[#*_`>]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= length) return plain;
  // Cut before the last word that does not fit whole (spaces are single after the replace above).
  const cut = plain.slice(0, length - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${lastSpace === -1 ? cut : cut.slice(0, lastSpace)}…`;
};

type Describe<Name extends PageName> = (
  ctx: ServiceContext,
  params: PageParams<Name>,
  withBrand: (title: string) => string,
) => Promise<PageHead | undefined> | PageHead | undefined;

/** The pages whose title and description come from `Source` (the table's `head`). */
type PageWithHead<Source extends PageHeadSource> = {
  [Name in PageName]: (typeof PAGES)[Name]['head'] extends Source ? Name : never;
}[PageName];

/** Ids in paths are digits; anything else is no page of ours. */
const idOf = (param: string) => (/^\d{1,15}$/.test(param) ? Number(param) : undefined);

/** A page described by its heading is named from its rendered `<h1>` instead (seo/routes.ts). */
const DESCRIBE: { [Source in Exclude<PageHeadSource, 'heading'>]: Describe<PageWithHead<Source>> } = {
  home: (ctx, _params, withBrand) => ({
    title: withBrand(translate(ctx.lang, 'common', 'home.title')),
    description: translate(ctx.lang, 'common', 'home.lead'),
  }),

  ticket: async (ctx, { eventId }, withBrand) => {
    const id = idOf(eventId);
    if (id === undefined) return undefined;
    const ticket = await requireTicketInfo(ctx, id);
    const price = ticket.discounted_price_cents ?? ticket.price_cents;
    // Search engines read ratings from here; a ticket without shown reviews says nothing of them.
    const reviews = await findReviewSummary(ctx, id);
    return {
      title: withBrand(`${ticket.title} – ${ticket.location.area}`),
      description: shorten(ticket.description),
      type: 'product',
      jsonLd: {
        '@type': 'Product',
        name: ticket.title,
        description: ticket.description,
        category: ticket.activity.name,
        offers: {
          '@type': 'Offer',
          price: (price / 100).toFixed(2),
          priceCurrency: 'EUR',
          availability: ticket.on_sale ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        },
        areaServed: { '@type': 'Place', name: ticket.location.area, address: ticket.location.region },
        ...(reviews && {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: reviews.average,
            reviewCount: reviews.count,
            bestRating: 5,
            worstRating: 1,
          },
          review: reviews.latest.map((review) => ({
            '@type': 'Review',
            reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
            author: { '@type': 'Person', name: review.author },
            datePublished: review.created_at.slice(0, 10),
            reviewBody: review.text,
            inLanguage: review.language,
          })),
        }),
      },
    };
  },

  area: async (ctx, { eventsId }, withBrand) => {
    const id = idOf(eventsId);
    if (id === undefined) return undefined;
    const area = await requireAreaInfo(ctx, id);
    return {
      title: withBrand(area.name),
      description: shorten(area.summary),
      type: 'place',
      jsonLd: {
        '@type': 'Place',
        name: area.name,
        description: area.summary,
        geo: { '@type': 'GeoCoordinates', latitude: area.latitude, longitude: area.longitude },
      },
    };
  },

  category: async (ctx, { categoryId }, withBrand) => {
    const id = idOf(categoryId);
    const category = (await listCategories(ctx)).find((entry) => entry.id === id);
    if (!category) return undefined;
    return { title: withBrand(category.name), description: translate(ctx.lang, 'common', 'home.lead') };
  },

  'blog-post': async (ctx, { blogId }, withBrand) => {
    const { post } = await requireBlogPost(ctx, blogId);
    return {
      title: withBrand(post.title),
      description: shorten(post.excerpt),
      type: 'article',
      jsonLd: {
        '@type': 'BlogPosting',
        headline: post.title,
        description: post.excerpt,
        datePublished: post.published_at,
        inLanguage: ctx.lang,
      },
    };
  },

  guide: (ctx, { slug }, withBrand) => {
    // The card, not the guide: what a shared link says is the same for members and visitors.
    const card = listGuides(ctx).guide_list.find((entry) => entry.slug === slug);
    if (!card) return undefined;
    return {
      title: withBrand(card.title),
      description: shorten(card.summary),
      type: 'article',
      jsonLd: { '@type': 'Article', headline: card.title, description: card.summary, inLanguage: ctx.lang },
    };
  },
};

/**
 * What a shared link to a page of the app should say, in the request language, for the pages
 * the table of pages (contract/pages.ts) describes by what they show; undefined for the others.
 */
export async function describePage(
  ctx: ServiceContext,
  path: string,
  brand: string,
): Promise<PageHead | undefined> {
  const match = matchPage(path);
  const head = match && PAGES[match.name].head;
  if (!match || !head || head === 'heading') return undefined;
  const describe = DESCRIBE[head] as Describe<PageName>;
  return describe(ctx, match.params, (title) => `${title} · ${brand}`);
}

import type { ServiceContext } from '../../platform/context.ts';
import { translate } from '../../platform/i18n.ts';
import type { PageHead } from '../../platform/page-head.ts';
import { requireAreaInfo } from '../areas/index.ts';
import { requireBlogPost } from '../blog/index.ts';
import { listCategories } from '../catalogue/index.ts';
import { listGuides } from '../guides/index.ts';
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

/** What a shared link to a page of the app should say, in the request language. */
export async function describePage(
  ctx: ServiceContext,
  path: string,
  brand: string,
): Promise<PageHead | undefined> {
  const withBrand = (title: string) => `${title} · ${brand}`;
  const id = (prefix: string) => {
    const match = new RegExp(`^${prefix}/(\\d+)/?$`).exec(path);
    return match ? Number(match[1]) : undefined;
  };

  if (path === '/') {
    const title = translate(ctx.lang, 'common', 'home.title');
    return { title: withBrand(title), description: translate(ctx.lang, 'common', 'home.lead') };
  }

  const eventId = id('/event');
  if (eventId !== undefined) {
    const ticket = await requireTicketInfo(ctx, eventId);
    const price = ticket.discounted_price_cents ?? ticket.price_cents;
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
      },
    };
  }

  const areaId = id('/events');
  if (areaId !== undefined) {
    const area = await requireAreaInfo(ctx, areaId);
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
  }

  const categoryId = id('/categories');
  if (categoryId !== undefined) {
    const category = (await listCategories(ctx)).find((entry) => entry.id === categoryId);
    if (!category) return undefined;
    return { title: withBrand(category.name), description: translate(ctx.lang, 'common', 'home.lead') };
  }

  const blog = /^\/blog\/([^/]+)\/?$/.exec(path);
  if (blog?.[1]) {
    const { post } = await requireBlogPost(ctx, decodeURIComponent(blog[1]));
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
  }

  const guide = /^\/guides\/([^/]+)\/?$/.exec(path);
  if (guide?.[1]) {
    const slug = decodeURIComponent(guide[1]);
    // The card, not the guide: what a shared link says is the same for members and visitors.
    const card = listGuides(ctx).guide_list.find((entry) => entry.slug === slug);
    if (!card) return undefined;
    return {
      title: withBrand(card.title),
      description: shorten(card.summary),
      type: 'article',
      jsonLd: { '@type': 'Article', headline: card.title, description: card.summary, inLanguage: ctx.lang },
    };
  }
  return undefined;
}

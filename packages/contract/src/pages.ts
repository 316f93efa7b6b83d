/**
 * Every page of the web app, once (ADR 016): its address pattern (React Router's `/event/:eventId`),
 * whether the server renders it, whether the sitemap lists it, and where its title and description
 * come from. The web app's routes, the server's rendering, the SEO module, the sitemap and every
 * link the API sends (mails, payment returns, redirects) read it here; `PAGES.x.path(...)` builds a
 * link to a page, `matchPage` finds the page of a path. No zod here: the storefront imports it.
 */

/**
 * Where a server-rendered page's title and description come from (apps/api/src/modules/seo):
 * `home` the home page's translations, `heading` the page's own `<h1>` (with the home page's lead
 * as description), the others the record the page shows.
 */
export type PageHeadSource = 'home' | 'heading' | 'ticket' | 'area' | 'category' | 'blog-post' | 'guide';

type PageOptions = {
  /** Rendered on the server for every visitor; otherwise the browser renders the app shell. */
  serverRendered?: true;
  /** Listed in sitemap.xml: once, or once per record for a page with parameters. */
  sitemap?: true;
  /** Where the server finds the page's title and description; server-rendered pages only. */
  head?: PageHeadSource;
  /** The query parameters the page reads. */
  query?: readonly string[];
  /** The parts of the page a link may scroll to (`#plans`). */
  sections?: readonly string[];
};

/** `'/event/:eventId/guests'` → `'eventId'`. */
type ParamNames<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Pattern extends `${string}:${infer Name}`
    ? Name
    : never;

type ListOf<Options, Key extends 'query' | 'sections'> =
  Options extends Record<Key, readonly (infer Item)[]> ? Item : never;

/** What a link to a page is made of: its parameters, the query it takes and a section. */
export type PageLinkOf<Pattern extends string, Options extends PageOptions> = {
  [Name in ParamNames<Pattern>]: string | number;
} & { [Name in ListOf<Options, 'query'>]?: string | number | undefined } & ([
    ListOf<Options, 'sections'>,
  ] extends [never]
    ? unknown
    : { hash?: ListOf<Options, 'sections'> | undefined });

export type Page<Pattern extends string = string, Options extends PageOptions = PageOptions> = {
  pattern: Pattern;
  serverRendered: Options extends { serverRendered: true } ? true : false;
  sitemap: Options extends { sitemap: true } ? true : false;
  head: Options extends { head: infer Source } ? Source : undefined;
  /** The page's path (no origin): parameters encoded, query without empty values, then the section. */
  path(
    ...link: [ParamNames<Pattern>] extends [never]
      ? [PageLinkOf<Pattern, Options>?]
      : [PageLinkOf<Pattern, Options>]
  ): string;
};

type Segment = { param: string } | { text: string };

const segmentsOf = (pattern: string): Segment[] =>
  pattern === '/'
    ? []
    : pattern
        .slice(1)
        .split('/')
        .map((part) => (part.startsWith(':') ? { param: part.slice(1) } : { text: part }));

function definePage<
  const Pattern extends `/${string}`,
  const Options extends PageOptions = Record<never, never>,
>(pattern: Pattern, options?: Options): Page<Pattern, Options> {
  const segments = segmentsOf(pattern);
  const query = new Set<string>(options?.query ?? []);
  return {
    pattern,
    serverRendered: (options?.serverRendered ?? false) as Page<Pattern, Options>['serverRendered'],
    sitemap: (options?.sitemap ?? false) as Page<Pattern, Options>['sitemap'],
    head: options?.head as Page<Pattern, Options>['head'],
    path(...[link]) {
      const values = (link ?? {}) as Record<string, string | number | undefined>;
      const path = `/${segments
        .map((segment) =>
          'param' in segment ? encodeURIComponent(String(values[segment.param])) : segment.text,
        )
        .join('/')}`;
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(values)) {
        if (query.has(name) && value !== undefined && value !== '') search.set(name, String(value));
      }
      const searchText = search.toString();
      const hash = values.hash;
      return `${path}${searchText ? `?${searchText}` : ''}${hash ? `#${hash}` : ''}`;
    },
  };
}

const public_ = { serverRendered: true, head: 'heading' } as const;
const listed = { serverRendered: true, sitemap: true, head: 'heading' } as const;
const token = { query: ['token'] } as const;
const LIST_QUERY = ['country', 'region', 'page'] as const;

/** The search page's fields, kept in its address so a search can be shared and reloaded. */
export const SEARCH_FIELDS = [
  'q',
  'country',
  'start_date',
  'end_date',
  'activity',
  'service',
  'id_category',
  'duration_type',
  'min_price',
  'max_price',
  'order',
  'page',
] as const;

/** SPEC section 2, page by page; the order is the route tree's (apps/web/src/app/routes.tsx). */
export const PAGES = {
  // `source=pwa`: the installed app's start page and shortcuts (system/manifest.ts).
  home: definePage('/', { serverRendered: true, sitemap: true, head: 'home', query: ['source'] }),
  /** A member's referral link: the home page, the referral kept for sign-up. */
  referral: definePage('/ref/:refId'),
  events: definePage('/events', { ...listed, query: LIST_QUERY }),
  area: definePage('/events/:eventsId', { ...listed, head: 'area' }),
  category: definePage('/categories/:categoryId', { ...listed, head: 'category', query: LIST_QUERY }),
  promotions: definePage('/promotions', { ...listed, query: ['page'] }),
  /** The growth table: public, rendered in the browser (its map and forecasts are per visitor). */
  growth: definePage('/growth', { sitemap: true }),
  event: definePage('/event/:eventId', { ...listed, head: 'ticket' }),
  eventGuests: definePage('/event/:eventId/guests', { query: ['date', 'offer', 'places'] }),
  eventPayment: definePage('/event/:eventId/payment', { query: ['order'] }),
  eventConfirmation: definePage('/event/:eventId/confirmation', { query: ['order'] }),
  blog: definePage('/blog', { ...listed, query: ['page'] }),
  blogPost: definePage('/blog/:blogId', { ...listed, head: 'blog-post' }),
  guides: definePage('/guides', listed),
  guide: definePage('/guides/:slug', { ...listed, head: 'guide' }),
  plus: definePage('/plus', { ...public_, query: ['plan'], sections: ['plans'] }),
  search: definePage('/search', {
    ...public_,
    query: [...SEARCH_FIELDS, 'source'],
  }),
  society: definePage('/society', public_),
  terms: definePage('/termsconditions', public_),
  company: definePage('/company', public_),
  about: definePage('/about', public_),
  app: definePage('/app', public_),
  contact: definePage('/contact', public_),
  /** Businesses apply to sell on Sentiero; `application` is the featured plan's return from paying. */
  workWithUs: definePage('/work-with-us', { ...listed, query: ['application'] }),
  sharedTicket: definePage('/tickets/shared/:token'),
  /** A cancelled day's one-click choice from its mail (ADR 049): no login, the token is the key. */
  dayCancelled: definePage('/tickets/day-cancelled', { query: ['token', 'choice'] }),
  verify: definePage('/verify'),
  newsletterConfirm: definePage('/newsletter/confirm', token),
  newsletterUnsubscribe: definePage('/newsletter/unsubscribe', token),
  alertUnsubscribe: definePage('/alerts/unsubscribe', token),
  /** Places held for a member from a waiting list (ADR 050): the link of the offer's mail and push. */
  waitlistOffer: definePage('/waitlist/offer', token),
  /** A review request mail's way out of every later request (ADR 051). */
  reviewRequestsOff: definePage('/reviews/requests-off', token),
  confirmEmail: definePage('/confirm-email', token),
  secureAccount: definePage('/secure-account', token),
  login: definePage('/login', { query: ['redirectTo', 'error'] }),
  forgotPassword: definePage('/forgot-password'),
  resetPassword: definePage('/reset-password', token),
  signup: definePage('/signup', { query: ['redirectTo'] }),
  account: definePage('/user', { sections: ['subscriptions', 'preferences'] }),
  accountSettings: definePage('/user/account', { sections: ['subscriptions'] }),
  myTickets: definePage('/user/mytickets', { query: ['category', 'source', 'review'] }),
  finds: definePage('/user/finds'),
  notebook: definePage('/user/notebook'),
  alerts: definePage('/user/alerts'),
  deleteAccount: definePage('/user/delete-account'),
  userNavbar: definePage('/user-navbar'),
  plusConfirmation: definePage('/plus/confirmation'),
  logout: definePage('/logout'),
  // The staff console (ADR 028): its own lazily loaded part of the app, never server-rendered
  // nor in the sitemap.
  console: definePage('/console'),
  /** The rangers' phone app (issue 24, ADR 048): installed apart, with its own worker. */
  ranger: definePage('/ranger'),
  rangerInspection: definePage('/ranger/inspection'),
  rangerGrowth: definePage('/ranger/growth'),
  rangerQueue: definePage('/ranger/queue'),
  consoleSignIn: definePage('/console/sign-in'),
  consoleInvitation: definePage('/console/invitation/:token'),
  consoleEnrol: definePage('/console/two-factor'),
  consoleCode: definePage('/console/code'),
  consoleFigures: definePage('/console/figures', { query: ['from', 'to', 'grain', 'split'] }),
  consoleStatements: definePage('/console/statements', { query: ['operator', 'month'] }),
  consoleOrders: definePage('/console/orders', {
    query: [
      'order_code',
      'ticket_code',
      'buyer_email',
      'buyer_name',
      'guest_name',
      'fiscal_code',
      'fishing_card',
      'area_id',
      'ticket_id',
      'day',
      'state',
      'page',
    ],
  }),
  consoleOrder: definePage('/console/orders/:code'),
  consoleReviews: definePage('/console/reviews', { query: ['state', 'page'] }),
  consoleManifest: definePage('/console/manifest', { query: ['area_id', 'ticket_id', 'day', 'page'] }),
  consoleTeam: definePage('/console/team', { query: ['operator', 'team', 'page'] }),
  consoleGrowth: definePage('/console/growth', { query: ['area', 'page'] }),
  consoleAudit: definePage('/console/audit', {
    query: ['person', 'action', 'target_type', 'target_id', 'operator', 'from', 'to', 'page'],
  }),
  consoleInbox: definePage('/console/inbox', {
    query: ['kind', 'state', 'assignee', 'q', 'page', 'thread'],
  }),
  consoleApplications: definePage('/console/applications', { query: ['state', 'page', 'application'] }),
  consoleOperators: definePage('/console/operators', { query: ['q', 'page', 'operator'] }),
  consoleDevices: definePage('/console/devices'),
  consoleInspections: definePage('/console/inspections', { query: ['area', 'date', 'page'] }),
  consoleCoupons: definePage('/console/coupons', { query: ['code', 'state', 'operator', 'page'] }),
  consoleAds: definePage('/console/ads', { query: ['state', 'placement', 'page'] }),
  consoleNewsletter: definePage('/console/newsletter', { query: ['state', 'page'] }),
  consoleNewsletterIssue: definePage('/console/newsletter/:id'),
  consoleCatalogue: definePage('/console/catalogue', { query: ['area', 'status', 'q', 'page'] }),
  consoleCatalogueNew: definePage('/console/catalogue/new', { query: ['area'] }),
  consoleCatalogueTicket: definePage('/console/catalogue/ticket/:id'),
  consoleAreas: definePage('/console/areas', { query: ['page'] }),
  consoleArea: definePage('/console/areas/:id'),
};

export type PageName = keyof typeof PAGES;
/** What `PAGES[name].path` takes. */
export type PageLink<Name extends PageName> = Parameters<(typeof PAGES)[Name]['path']>[0] & {};
/** The pages the server renders (ADR 016). */
export type ServerRenderedPageName = {
  [Name in PageName]: (typeof PAGES)[Name]['serverRendered'] extends true ? Name : never;
}[PageName];
/** The pages sitemap.xml lists. */
export type SitemapPageName = {
  [Name in PageName]: (typeof PAGES)[Name]['sitemap'] extends true ? Name : never;
}[PageName];
/** The pages whose address has parameters. */
export type PageWithParamsName = {
  [Name in PageName]: [ParamNames<(typeof PAGES)[Name]['pattern']>] extends [never] ? never : Name;
}[PageName];
/** A page's parameters as a path gives them: text, decoded. */
export type PageParams<Name extends PageName> = Record<ParamNames<(typeof PAGES)[Name]['pattern']>, string>;

export const PAGE_NAMES = Object.keys(PAGES) as PageName[];

export type PageMatch = { [Name in PageName]: { name: Name; params: PageParams<Name> } }[PageName];

const MATCHERS = PAGE_NAMES.map((name) => ({ name, segments: segmentsOf(PAGES[name].pattern) }));

/**
 * The page of a path (its query and section ignored, one trailing slash allowed), with its
 * parameters decoded; undefined for a path no page has. Segment by segment, in time linear in
 * the path's length: no regular expression.
 */
export function matchPage(path: string): PageMatch | undefined {
  const end = path.search(/[?#]/);
  let pathname = end === -1 ? path : path.slice(0, end);
  if (!pathname.startsWith('/')) return undefined;
  if (pathname.length > 1 && pathname.endsWith('/')) pathname = pathname.slice(0, -1);
  const parts = pathname === '/' ? [] : pathname.slice(1).split('/');
  for (const { name, segments } of MATCHERS) {
    if (segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const matches = segments.every((segment, index) => {
      const part = parts[index] ?? '';
      if ('text' in segment) return part === segment.text;
      const value = decodeSegment(part);
      if (value === undefined) return false;
      params[segment.param] = value;
      return true;
    });
    if (matches) return { name, params } as PageMatch;
  }
  return undefined;
}

/** A parameter's text, or undefined for an empty or badly encoded one. */
function decodeSegment(part: string): string | undefined {
  if (part === '') return undefined;
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}

/**
 * Whether a path (no query) is a page's own or one below it, as `/ranger` and `/ranger/queue` are
 * the rangers' app's: for a page whose address has no parameters.
 */
export function isWithinPage(name: PageName, pathname: string): boolean {
  const { pattern } = PAGES[name];
  return pathname === pattern || pathname.startsWith(`${pattern}/`);
}

/** Whether the server renders the page at this path (ADR 016). */
export function isServerRenderedPath(path: string): boolean {
  const match = matchPage(path);
  return match ? PAGES[match.name].serverRendered : false;
}

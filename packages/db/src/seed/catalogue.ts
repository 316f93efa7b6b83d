import { createHash } from 'node:crypto';
import { CANCELLATION_PRESETS } from '@sentiero/contract/rules/cancellation';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../client.ts';
import {
  activityTypes,
  areas,
  blogPosts,
  cities,
  operatorCommissionRates,
  operators,
  regions,
  serviceTags,
  ticketServiceTags,
  tickets,
} from '../schema.ts';
import { seedAreasEurope } from './areas-europe.ts';
import { seedAreasItaly1 } from './areas-italy-1.ts';
import { seedAreasItaly2 } from './areas-italy-2.ts';
import { seedBlogPosts } from './blog.ts';
import { seedCities } from './cities.ts';
import { seedOperatorOfArea, seedOperators } from './operators.ts';
import { seedTicketsItalyCentre } from './tickets-italy-centre.ts';
import { seedTicketsItalyNorth } from './tickets-italy-north.ts';
import { seedTicketsItalySouth } from './tickets-italy-south.ts';
import { seedTicketsSlovenia } from './tickets-slovenia.ts';
import { seedTicketsSwitzerlandSpain } from './tickets-switzerland-spain.ts';
import type { SeedArea, SeedTicket } from './types.ts';
import { seedActivityTypes, seedServiceTags } from './vocabulary.ts';

export const seedAreas: readonly SeedArea[] = [...seedAreasItaly1, ...seedAreasItaly2, ...seedAreasEurope];
export const seedTickets: readonly SeedTicket[] = [
  ...seedTicketsItalyNorth,
  ...seedTicketsItalyCentre,
  ...seedTicketsItalySouth,
  ...seedTicketsSwitzerlandSpain,
  ...seedTicketsSlovenia,
];

function idsBySlug(rows: { id: number; slug: string }[]): (slug: string, what: string) => number {
  const map = new Map(rows.map((row) => [row.slug, row.id]));
  return (slug, what) => {
    const id = map.get(slug);
    if (id === undefined) throw new Error(`Seed data names an unknown ${what}: ${slug}`);
    return id;
  };
}

/**
 * The seeded operators' ids. Migration 0020 writes them; written here too when missing, so the
 * catalogue seed stands on its own.
 */
async function seedOperatorIds(tx: Transaction) {
  await tx
    .insert(operators)
    .values(seedOperators.map(({ areas: _areas, commissionBasisPoints: _rate, ...operator }) => operator))
    .onConflictDoNothing({ target: operators.slug });
  const ids = idsBySlug(await tx.select({ id: operators.id, slug: operators.slug }).from(operators));
  // Each operator's first commission rate, from the month it joined (ADR 042).
  await tx
    .insert(operatorCommissionRates)
    .values(
      seedOperators.map((operator) => ({
        operatorId: ids(operator.slug, 'operator'),
        fromMonth: sql`date_trunc('month', now() at time zone 'Europe/Rome')::date`,
        basisPoints: operator.commissionBasisPoints,
      })),
    )
    .onConflictDoNothing();
  return ids;
}

/** A stable starting popularity, so "hottest" has an order before the first real orders. */
function startingPopularity(slug: string): number {
  return createHash('sha256').update(slug).digest().readUInt16BE(0) % 500;
}

/** Activity types, service tags, policies, cities, areas, tickets and blog posts, in five languages. */
export async function seedCatalogue(tx: Transaction): Promise<void> {
  const activityId = idsBySlug(
    await tx
      .insert(activityTypes)
      .values(seedActivityTypes.map((activity, index) => ({ ...activity, sortOrder: index })))
      .returning({ id: activityTypes.id, slug: activityTypes.slug }),
  );
  const serviceTagId = idsBySlug(
    await tx
      .insert(serviceTags)
      .values([...seedServiceTags])
      .returning({ id: serviceTags.id, slug: serviceTags.slug }),
  );
  const regionId = idsBySlug(await tx.select({ id: regions.id, slug: regions.slug }).from(regions));

  const cityId = idsBySlug(
    await tx
      .insert(cities)
      .values(seedCities.map(({ region, ...city }) => ({ ...city, regionId: regionId(region, 'region') })))
      .returning({ id: cities.id, slug: cities.slug }),
  );
  const operatorId = await seedOperatorIds(tx);
  const areaId = idsBySlug(
    await tx
      .insert(areas)
      .values(
        seedAreas.map(({ region, city, ...area }) => ({
          ...area,
          regionId: regionId(region, 'region'),
          cityId: cityId(city, 'city'),
          operatorId: operatorId(seedOperatorOfArea(area.slug), 'operator'),
        })),
      )
      .returning({ id: areas.id, slug: areas.slug }),
  );

  const ticketId = idsBySlug(
    await tx
      .insert(tickets)
      .values(
        seedTickets.map(
          ({ area, activity, category, cancellationPolicy, services, residentsOnly, ...ticket }) => ({
            ...ticket,
            areaId: areaId(area, 'area'),
            activityTypeId: activityId(activity, 'activity type'),
            categoryId: category,
            cancellationRule: CANCELLATION_PRESETS[cancellationPolicy],
            residentCountries: residentsOnly?.countries ?? null,
            popularity: startingPopularity(ticket.slug),
          }),
        ),
      )
      .returning({ id: tickets.id, slug: tickets.slug }),
  );
  await tx.insert(ticketServiceTags).values(
    seedTickets.flatMap((ticket) =>
      ticket.services.map((service) => ({
        ticketId: ticketId(ticket.slug, 'ticket'),
        serviceTagId: serviceTagId(service, 'service tag'),
      })),
    ),
  );

  await tx.insert(blogPosts).values(
    seedBlogPosts.map(({ activity, area, ...post }) => ({
      ...post,
      activityTypeId: activity ? activityId(activity, 'activity type') : null,
      areaId: area ? areaId(area, 'area') : null,
    })),
  );
}

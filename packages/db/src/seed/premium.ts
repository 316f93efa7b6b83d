import { PAGES } from '@sentiero/contract/pages';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../client.ts';
import { ads, coupons, tickets } from '../schema.ts';

/**
 * Sentiero+'s starting content: house ads (the operator adds partner offers to the same table)
 * and a members-only coupon for extra packages.
 */
export async function seedPremium(tx: Transaction): Promise<void> {
  await tx
    .insert(ads)
    .values([
      {
        id: 'house-plus',
        kind: 'house',
        placements: ['home', 'listing', 'event', 'blog', 'growth'],
        url: PAGES.plus.path(),
        image: '/illustrations/mushroom-foraging.svg',
        weight: 3,
        texts: {
          it: {
            title: 'Sentiero+: il bosco dalla tua parte',
            text: 'Tabella di crescita completa, allerte meteo, mappa privata dei ritrovamenti e sconti per i soci. 7 giorni gratis.',
            cta: 'Prova gratis',
          },
          en: {
            title: 'Sentiero+: the woods on your side',
            text: 'The full growth table, weather alerts, a private finds map and member discounts. 7 days free.',
            cta: 'Try it free',
          },
          es: {
            title: 'Sentiero+: el bosque de tu parte',
            text: 'La tabla de crecimiento completa, alertas meteorológicas, un mapa privado de hallazgos y descuentos para socios. 7 días gratis.',
            cta: 'Pruébalo gratis',
          },
          de: {
            title: 'Sentiero+: der Wald auf Ihrer Seite',
            text: 'Die vollständige Wachstumstabelle, Wetterwarnungen, eine private Fundkarte und Rabatte für Mitglieder. 7 Tage kostenlos.',
            cta: 'Kostenlos testen',
          },
          sl: {
            title: 'Sentiero+: gozd na tvoji strani',
            text: 'Celotna tabela rasti, vremenska opozorila, zasebni zemljevid najdb in popusti za člane. 7 dni brezplačno.',
            cta: 'Preizkusi brezplačno',
          },
        },
      },
      {
        id: 'house-app',
        kind: 'house',
        placements: ['home', 'listing', 'blog'],
        url: PAGES.app.path(),
        image: null,
        weight: 1,
        texts: {
          it: {
            title: 'I tuoi permessi anche senza campo',
            text: 'I biglietti restano sul telefono e il guardiaparco li verifica offline.',
            cta: 'Scopri come',
          },
          en: {
            title: 'Your permits even without signal',
            text: 'Tickets stay on your phone and rangers check them offline.',
            cta: 'See how',
          },
          es: {
            title: 'Tus permisos incluso sin cobertura',
            text: 'Las entradas se quedan en tu móvil y los guardas las comprueban sin conexión.',
            cta: 'Descubre cómo',
          },
          de: {
            title: 'Ihre Genehmigungen auch ohne Empfang',
            text: 'Die Tickets bleiben auf Ihrem Handy, und die Ranger prüfen sie offline.',
            cta: 'So funktioniert es',
          },
          sl: {
            title: 'Tvoja dovoljenja tudi brez signala',
            text: 'Vstopnice ostanejo na telefonu, nadzorniki pa jih preverijo brez povezave.',
            cta: 'Poglej, kako',
          },
        },
      },
    ])
    .onConflictDoNothing();
  await tx
    .insert(coupons)
    .values([{ code: 'SOCIPLUS15', kind: 'percent', amount: 15, membersOnly: true }])
    .onConflictDoNothing();
  // Extra packages (every duration longer than a day) cost Sentiero+ members 10% less.
  await tx
    .update(tickets)
    .set({
      memberPriceCents: sql`round(coalesce(${tickets.discountedPriceCents}, ${tickets.priceCents}) * 0.9)::integer`,
    })
    .where(
      sql`${tickets.durationType} not in ('HOURLY', 'DAILY') and coalesce(${tickets.discountedPriceCents}, ${tickets.priceCents}) >= 500`,
    );
}

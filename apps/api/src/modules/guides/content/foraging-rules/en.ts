import type { GuideText } from '../types.ts';

export const en: GuideText = {
  title: 'The rules of mushroom picking in Italy',
  summary:
    'Permits, daily limits, hours, tools and baskets: what the national law says, what changes from region to region, and how to know which rules apply in the wood you are going to.',
  sections: {
    framework: {
      title: 'One national law, twenty regional rulebooks',
      body: `In Italy picking wild mushrooms is governed by a national framework law, **Law 352 of 1993**, which sets the principles: protect the woods, limit the quantities, make sure mushrooms that are sold have been inspected. The detailed rules, though, are written by the **regions**, and often also by the autonomous provinces, mountain unions, municipalities and the consortia that manage the woods.

The result is that two woods a few kilometres apart can have different rules: a different permit, a different limit, different closed days. So there is no single "Italian rule" to learn once and for all.

Before every outing it is worth knowing three things: **who manages the area**, **which permit you need** and **which limits apply**. On Sentiero every area has its own page with the permit on sale and the rules to download: it is the quickest way to set off within the rules. This guide explains the points that come back almost everywhere, so you can read those rules without surprises.`,
    },
    permits: {
      title: 'The permit',
      body: `Almost every region asks for **a right to pick**: a regional card, a yearly authorisation, or a daily, weekly or seasonal permit for a given area. In some regions the card is issued after a short course on recognising mushrooms and respecting the woods.

- The permit is **personal**: carry it with an identity document and show it to the wardens who ask.
- People who **live** in the area often have different conditions from visitors: prices, limits or days.
- In many regions **children** with an adult holding a permit pay less or nothing: in Piedmont, for example, under-14s do not pay.
- In areas managed by consortia or communities (the classic mushroom "reserves") the area's permit comes on top of the regional rules.

A permit bought on Sentiero is in your name and valid for the dates you chose: you find it among your tickets even without a network.`,
    },
    'limits-hours': {
      title: 'Limits, hours and days',
      body: `The national law sets a ceiling of **3 kg per person per day**, which may be exceeded only if a single mushroom or a single cluster weighs more. Many regions and areas go down to **2 kg**, and some set lower limits for the most sought-after species.

- **Hours**: picking at night is forbidden almost everywhere; it is often allowed from an hour before sunrise to an hour after sunset, or in daylight only.
- **Closed days**: some areas close picking on certain days of the week to let the woods rest.
- **Minimum sizes**: many regions forbid porcini that are too small and Caesar's mushroom (*Amanita caesarea*) still closed in its "egg".
- **Protected species**: some regions forbid picking rare species altogether.

On good days the wardens weigh baskets: the limit is per person, not per family, and it cannot be "lent" to someone without a permit.`,
    },
    'how-to-pick': {
      title: 'How to pick',
      body: `Here the rules are almost the same all over Italy, because they come from the national law.

- **No rakes, hooks or tools** that disturb the layer of leaves and humus: they destroy the mycelium.
- **Rough cleaning on the spot**: soil, leaves and damaged parts stay in the wood, where the spores can germinate.
- **Rigid, airy containers**, such as wicker baskets: plastic bags are forbidden.
- **Whole, recognisable mushrooms**: do not cut them into pieces in the wood, so the mycologist and the wardens can identify them.
- **Do not pick mushrooms you do not know** "to have them checked": if you really want an opinion, take just one, whole, kept apart from the others.

Anyone selling wild mushrooms must have them certified by the mycological inspectorate: giving them away or selling them unchecked is forbidden and dangerous.`,
    },
    'parks-fines': {
      title: 'Parks, private land and fines',
      body: `In **national and regional parks** the park's rules apply: picking is often forbidden in strict reserves and allowed elsewhere only to residents or with a park permit.

**Fenced private land** and areas marked with no-picking signs are excluded: the owner may keep the picking for themselves. Hay meadows, chestnut orchards and forest nurseries often have rules of their own too.

**Fines** are administrative and can reach several hundred euros, with the mushrooms confiscated. You risk them for picking without a permit, outside the hours, over the limit, with forbidden tools or with plastic bags.`,
    },
    abroad: {
      title: 'In Switzerland, Slovenia and Spain',
      body: `- **Switzerland**: the rules are cantonal. Many cantons set a daily limit per person, often 1–2 kg, and a few closed days each month. Almost every municipality has a free official mushroom inspection.
- **Slovenia**: a national rule limits picking to **2 kg per person per day**, protects some species and forbids picking in certain protected areas; stricter rules apply in Triglav National Park.
- **Spain**: the autonomous communities decide, and often the municipalities. In many areas, for example in Castile and León, there are regulated mycological areas where you need a daily or seasonal permit, with limits of their own.

Wherever you go, the area's page on Sentiero shows the right permit and the local rules.`,
    },
  },
  species: {},
};

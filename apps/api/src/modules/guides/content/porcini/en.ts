import type { GuideText } from '../types.ts';

export const en: GuideText = {
  title: 'Porcini: telling them apart without mistakes',
  summary:
    'How to recognise a porcino, which boletes resemble it and why some must stay in the wood, where and when to look for it, and how to pick it within the rules.',
  sections: {
    recognise: {
      title: 'How to recognise a porcino',
      body: `"Porcino" covers four closely related species: *Boletus edulis*, *B. aereus* (the dark cep), *B. reticulatus* (the summer cep) and *B. pinophilus* (the pine cep). Cap colour, season and favourite trees differ, but they share a few features worth checking every time, on every mushroom.

- **Under the cap there are no gills but tubes**: a fine sponge, white in young mushrooms, then yellowish and finally olive green.
- **The flesh is white and does not change colour** when cut or pressed. A bolete that turns blue, green or black when cut is not a porcino.
- **The stem is sturdy, often bulging**, pale, with a fine pale net, clearest at the top, near the cap.
- **The smell is pleasant, of mushroom and hazelnut**; the taste is mild.

The cap ranges from light hazel (summer cep) to dark brown, almost black (dark cep), smooth or slightly velvety. No single feature is enough: it is all of them together that make a porcino. And even when everything fits, an inspection by a mycologist remains the only safe way to bring it to the table.`,
    },
    'look-alikes': {
      title: 'The boletes that resemble it',
      body: `Among boletes there are no deadly species as there are among amanitas, but some make you very ill, and a single bitter one ruins a whole dish.

The **bitter bolete** (*Tylopilus felleus*) is the closest: it grows in the same woods and, when young, fools even experienced foragers. It shows itself by its tubes, which turn pink with age, and by the net on its stem, coarse and dark instead of fine and pale. It is not poisonous, but it is extremely bitter.

The **devil's bolete** (*Rubroboletus satanas*) has a whitish or light grey cap, red pores, a stocky stem with a red net, and flesh that turns blue when cut. As it ages it smells unpleasant. It causes severe gastrointestinal poisoning.

### One simple rule

Beginners pick as porcini only boletes with white, yellow or greenish pores, flesh that stays white and a pale net. Red or orange pores, flesh turning blue, a dark net: that mushroom stays in the wood, or goes to a mycologist kept apart from the others.`,
    },
    'where-when': {
      title: 'Where and when to look',
      body: `The porcino lives in partnership with trees: it does not grow anywhere, only where it finds its partners.

- **Summer cep**: beech, chestnut and oak, from late May to September, in hill and low mountain woods.
- **Dark cep**: chestnut and oak in warm areas, from July to October.
- **Common porcino**: beech and fir forests in the mountains, from August to October.
- **Pine cep**: pine and mixed forests at altitude, in summer and autumn.

The weather matters more than the date. Foragers' rule of thumb is that porcini appear about **10–15 days after heavy rain** (30–40 mm) followed by mild days, without drying wind or cold nights. Sentiero's growth table and the forecasts for each area are there to tell you when it is worth setting off.

Search the edges of the wood, along little-used paths, on slopes that catch the morning sun, where grass gives way to moss and leaves. Where you find one, look carefully around: there are often others.`,
    },
    picking: {
      title: 'Picking well',
      body: `The rules change from region to region and often from area to area: permit, daily limit (usually 2 or 3 kg per person), hours, closed days, minimum cap size. Before you set off, read the area's rules on its Sentiero page and carry your permit.

- **Pick the whole mushroom**, gently twisting it out or cutting it at the base of the stem: the mycologist needs it whole to identify it.
- **Clean it on the spot** of soil and leaves and **cover the hole** with earth: it protects the mycelium that will bear the mushrooms of the coming years.
- **Use a rigid, airy basket**, never plastic bags: mushrooms breathe, get crushed and spoil quickly; many regions forbid plastic.
- **Leave very small mushrooms and old or soft ones**: the first must grow, the second spread spores and are worthless in the kitchen.
- Do not use rakes or turn over the undergrowth: it is forbidden almost everywhere and destroys the soil.`,
    },
    kitchen: {
      title: 'From the wood to the kitchen',
      body: `At home, first of all, take your harvest to your ASL's mycological inspectorate or to a mycologist: the check is free and takes a few minutes.

Porcini keep badly: clean them with a damp cloth or a small knife, without washing them under the tap, and cook them within a day or two, kept in the fridge in an open container. Cut away parts tunnelled by larvae and the soft tubes of mature mushrooms.

To keep them longer, dry them in thin slices or freeze them, preferably cooked. Porcini are always eaten cooked and in moderation: even an edible mushroom, in quantity, is hard to digest.`,
    },
  },
  species: {
    'boletus-edulis': {
      description:
        'Cap hazel to brown, tubes white then yellow-green, white flesh that does not change when cut, pale bulging stem with a fine pale net at the top. Beech and fir forests, August to October.',
      lookAlikes: {
        'tylopilus-felleus':
          'Tubes that turn pink, a coarse dark brown net on the stem, an extremely bitter taste. Not poisonous, but it ruins any dish.',
        'rubroboletus-satanas':
          'Whitish or grey cap, red pores, a red net on the stem, flesh that turns blue when cut. Causes severe gastrointestinal poisoning.',
      },
    },
    'boletus-aereus': {
      description:
        'Dark brown, almost black, velvety cap; hazel stem with a fine net; firm white flesh. Warm chestnut and oak woods, July to October.',
      lookAlikes: {
        'tylopilus-felleus':
          'Paler cap and pinkish tubes; the coarse dark net on the stem and the bitter taste give it away.',
      },
    },
  },
};

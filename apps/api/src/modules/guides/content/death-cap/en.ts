import type { GuideText } from '../types.ts';

export const en: GuideText = {
  title: 'The death cap: the mushroom that kills and what it is mistaken for',
  summary:
    'The death cap causes almost every death from mushrooms in Europe. How to recognise it, which edible mushrooms it is taken for, which symptoms it gives and what to do at once.',
  sections: {
    recognise: {
      title: 'Recognising it: cap, ring, volva',
      body: `*Amanita phalloides*, the death cap, is behind the great majority of fatal mushroom poisonings in Europe. A single cap can kill an adult, and its toxins (the amatoxins) **are not destroyed by cooking, drying or freezing**.

Recognising it means looking at the whole mushroom, **base included**:

- **Cap** olive green, yellowish green or bronze, sometimes almost white, smooth, with darker radial fibres. It has no warts.
- **White gills**, crowded, free from the stem: they stay white even in old mushrooms.
- **Ring**: white, skirt-like, high on the stem (it sometimes falls off or tears).
- **Volva**: at the base the stem swells and sits in a white membranous sac, like a broken eggshell. It is often **underground or among the leaves**: whoever pulls or cuts the mushroom leaves it in the wood and loses the most important sign.

It grows from July to October, above all under oak, chestnut and beech, but also in town parks. It is common: not a textbook rarity.

**Iron rule**: a mushroom with white gills, a ring and a volva is never picked to eat. Never.`,
    },
    'mistaken-for': {
      title: 'What it is mistaken for',
      body: `Almost every poisoning starts with a swap for an edible mushroom someone "knows well".

- **Green russulas** (*Russula virescens* and other green brittlegills): a cap as green as the death cap's, white gills. But russulas have neither ring nor volva, and their flesh snaps like chalk.
- **Field mushrooms** (*Agaricus*): a ring and a pale cap. But their gills are pink when young, then chocolate brown, never white, and there is no volva. Beware of very young field mushrooms still closed: always cut them to see the colour of the gills.
- **Puffballs** (*Lycoperdon*): a young death cap still closed in its volva is a white "egg" that looks like a puffball. Cut every puffball in half lengthways: a puffball is white and even inside; an amanita egg shows the outline of cap, gills and stem.
- People who gather **knights** (*Tricholoma*) or russulas of variable colour have also made the swap: look at each mushroom one by one, never "in batches".

In the basket the death cap contaminates other mushrooms with fragments of flesh. If you doubt a single mushroom, have the whole harvest checked.`,
    },
    poisoning: {
      title: 'The symptoms and what to do',
      body: `Death cap poisoning is treacherous because **it comes late**. For 6–24 hours after the meal (usually 8–12) nothing is felt. Then come vomiting, violent diarrhoea and abdominal pain. After one or two days the person seems to get better, while the liver is being destroyed.

That is why doctors say: **symptoms that begin more than six hours after a meal of mushrooms point to an amanita** until proven otherwise.

- Call **112** or a **poison centre** at once and go to the emergency department, even if you feel better.
- Take the **leftovers**, the trimmings and any raw mushrooms left over: the mycologist on call at the hospital identifies them.
- Warn **everyone who ate** the same dish, even if they feel fine.
- Do not wait, do not make yourself sick, do not take home remedies.

The sooner treatment starts, the better the chance of saving the liver.`,
    },
    'white-amanitas': {
      title: 'The white amanitas',
      body: `Two close relatives of the death cap are even more treacherous because they are all white: *Amanita verna*, which appears in spring and early summer under broadleaf trees, and *Amanita virosa*, the destroying angel of mountain conifer woods. They carry the same deadly toxins.

They are taken above all for field mushrooms and other white mushrooms of meadows and woods. The rule is the same: **white gills, a ring and a volva at the base** mean amanita.

Anyone who gathers white mushrooms to eat must have them checked by the mycological inspectorate every time. A white mushroom found in a wood, not known with certainty, is better photographed than picked.`,
    },
  },
  species: {
    'amanita-phalloides': {
      description:
        'Cap olive green, yellowish or almost white, with radial fibres; white, free gills; white skirt-like ring; white sac-like volva at the base, often buried. Under broadleaf trees, July to October. Deadly even cooked.',
      lookAlikes: {
        'russula-virescens':
          'Green cap cracked into small patches, white gills, but no ring and no volva; the flesh snaps like chalk.',
        'agaricus-campestris':
          'A ring and a white cap, but gills pink then chocolate brown and no volva. In meadows, not in woods.',
        'lycoperdon-perlatum':
          'Cut lengthways it is white and even inside; an amanita "egg" shows the outline of cap and gills instead. Edible only young and white throughout.',
      },
    },
  },
};

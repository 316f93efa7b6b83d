import type { GuideText } from '../types.ts';

export const en: GuideText = {
  title: 'Chanterelles: the right yellow and the wrong one',
  summary:
    "How to recognise a chanterelle, how to tell it from the toxic jack-o'-lantern and from the false chanterelle, where and when to find it, and how to take it to the kitchen.",
  sections: {
    recognise: {
      title: 'How to recognise a chanterelle',
      body: `The chanterelle (*Cantharellus cibarius*) is one of the most gathered mushrooms in Europe. Its egg-yolk yellow shows from afar, but the colour is exactly what misleads: other yellow or orange mushrooms resemble it. To recognise it, look at its shape, not only its colour.

- **Under the cap there are no true gills** but low, thick, blunt ridges that fork and run down the stem without a break. Run a finger over them: they feel like veins, not thin blades.
- **Cap and stem are one piece**: the cap widens into a funnel with a wavy, often irregular edge.
- **The flesh is firm, white or pale yellow**, stringy like chicken breast when you tear the stem.
- **The smell recalls apricot**, fruity and light.
- **It grows on the ground**, alone or in loose groups, never in dense clumps on wood or roots.

If even one of these features does not fit, the mushroom is not a chanterelle. And if they all fit, still show it to a mycologist before you cook it.`,
    },
    'look-alikes': {
      title: 'Two look-alikes to know',
      body: `The **jack-o'-lantern** (*Omphalotus olearius*) is the dangerous look-alike. It is bright orange, bigger and fleshier than the chanterelle and grows **in dense clumps at the foot of olive, oak and chestnut trees** or on their roots. It has **true gills**, thin, crowded and sharp, which may glow faintly in the dark. It causes severe gastrointestinal poisoning, with vomiting and diarrhoea a few hours after the meal.

The **false chanterelle** (*Hygrophoropsis aurantiaca*) is orange, thinner and softer. It has true gills, crowded and forked, that come away easily from the cap, and grows among pine needles or on rotten wood. It is not as dangerous as the jack-o'-lantern, but it is not edible and upsets some people.

### The check in three moves

- Look where it grows: scattered on the ground (chanterelle) or in a clump on wood (jack-o'-lantern)?
- Run a finger under the cap: blunt ridges (chanterelle) or thin gills that come apart (look-alikes)?
- Tear the stem: white, stringy flesh (chanterelle) or orange all the way through (jack-o'-lantern)?`,
    },
    'where-when': {
      title: 'Where and when to find it',
      body: `The chanterelle lives in partnership with beech, chestnut, oak, fir and pine. It is often found on damp slopes, in moss, along the banks of paths and in open woods with little ground cover.

The season runs from June to October, peaking between July and September. It is less fussy than the porcino: regular rain and mild temperatures are enough. After a dry spell it appears a few days after the first storm.

Chanterelles grow slowly and stay long in the same place: the same wood yields them year after year, as long as the ground is not damaged.`,
    },
    'picking-cooking': {
      title: 'Picking and cooking',
      body: `The area's rules you find on Sentiero apply: permit, daily limit, hours, rigid basket. Cut the chanterelle at its base with a knife, leave the small ones where they are (many regions set a minimum size) and clean off needles and soil at once, so the basket stays clean.

In the kitchen the chanterelle is **always cooked**: raw, it is indigestible. Clean it with a brush or a cloth, wash it only if very dirty and dry it straight away. Cook it in a pan over high heat, first without fat so it loses its water, then with oil or butter. It keeps well in oil after blanching in vinegar, or sautéed and frozen; dried, it turns tough and loses its scent.`,
    },
  },
  species: {
    'cantharellus-cibarius': {
      description:
        'Egg-yolk yellow, funnel-shaped, with blunt forked ridges running down the stem instead of gills; white stringy flesh, apricot scent. On the ground, June to October.',
      lookAlikes: {
        'omphalotus-olearius':
          'Bright orange, in dense clumps on stumps and roots of olive, oak and chestnut; true thin gills and orange flesh. Causes severe gastrointestinal poisoning.',
        'hygrophoropsis-aurantiaca':
          'Orange, thin and soft, with true crowded gills that come away from the cap; among pine needles or on rotten wood. Not edible.',
      },
    },
  },
};

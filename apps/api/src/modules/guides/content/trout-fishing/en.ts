import type { GuideText } from '../types.ts';

export const en: GuideText = {
  title: 'Trout fishing: the basics',
  summary:
    'Licence, FIPSAS card and permits, seasons and catch limits, how to read a stream, the most used techniques, and how to release a fish well.',
  sections: {
    papers: {
      title: 'The papers: licence, card, permit',
      body: `To fish inland waters in Italy you usually need three things, and it is worth having them all in your pocket before you set up the rod.

- **The regional fishing licence**: for sport fishing it is the type B licence, issued by the region where you fish. In many regions the receipt of the yearly payment is enough; foreign visitors can often get a temporary licence.
- **The FIPSAS card** (the Italian sport fishing federation): many stretches managed by the federation or by angling associations ask for it, and it includes insurance. On Sentiero, when a permit requires it, the card number is entered at purchase, guest by guest.
- **The permit for the stretch**: daily, weekly or seasonal, for leased waters, reserves and specially regulated zones. It states days, hours, allowed baits and the number of fish you may keep.

Outside Italy the names change, not the idea: in Switzerland you need the cantonal licence and, for long permits, the certificate of competence (SaNa); in Slovenia day permits are sold by the local angling clubs (ribiške družine); in Spain you need the autonomous community's licence and, in *cotos*, a permit for the stretch.

Keep all your papers with you, on your phone too: wardens may ask for them at any time.`,
    },
    'season-limits': {
      title: 'Seasons and limits',
      body: `Across most of Italy the trout season **opens between late February and March and closes between late September and early October**: in winter trout spawn and are left in peace. Each region sets the exact dates, and each stretch may have exceptions.

- **Number of fish**: usually 3 to 5 salmonids per person per day; in trophy zones sometimes just one.
- **Minimum size**: for brown trout often between 22 and 25 cm, measured from the tip of the snout to the end of the tail; much more, or a total ban, for marble trout.
- **No-kill zones**: every fish goes back, often with a single barbless hook and artificial lures only.
- **Common bans**: groundbait, live fish as bait, more than one rod on streams.

Grayling have rules of their own: they spawn in spring and in many waters are protected or may only be caught and released.`,
    },
    'reading-water': {
      title: 'Reading the stream',
      body: `A trout faces upstream and chooses places where the current brings it food without tiring it.

- **Behind boulders** and in the slack water beside a strong current.
- **At the head of pools**, where fast water slows down and spreads.
- **Under undercut banks**, roots and overhanging branches that give shade.

Approach **from downstream**, slowly, without letting your shadow fall on the water: a frightened trout will not bite for many minutes. Polarised glasses help you see the bottom and the fish. The best times are early morning, evening and overcast days; after a small rise of slightly coloured water, trout go hunting.`,
    },
    techniques: {
      title: 'Techniques',
      body: `- **Spinning**: small spinners and minnows of 2 to 5 g, cast upstream and retrieved with the current. The simplest technique to start with.
- **Fly fishing**: dry flies when trout rise to the surface, nymphs on the bottom the rest of the time. It takes practice, but it suits catch and release best.
- **Natural bait**: a worm, where allowed, drifted with the current on light weights. Trout swallow it deep: if you want to release the fish, choose another technique.

Light tackle, fine line and a few well-chosen lures are worth more than a full tackle box.`,
    },
    'catch-release': {
      title: 'Releasing well',
      body: `A trout released badly often dies in the following days. A few habits make the difference.

- **A single barbless hook** (or a barb pressed flat): it comes out in a moment.
- **A quick fight**: an exhausted fish recovers poorly.
- **Wet hands**, never dry cloths: they protect the slime that shields its skin.
- **The fish stays in the water**: unhook it there with forceps; if you want a photo, a few seconds and over the water.
- **No pressure on the belly** and no fingers in the gills.
- Hold it facing the current until it swims off on its own.

With water above 20 °C trout suffer: in summer, in the hot hours, it is better not to fish for them at all.`,
    },
  },
  species: {
    'salmo-trutta': {
      description:
        'Olive-brown back, golden flanks with black and red spots ringed in pale, adipose fin often orange. Cool, well-oxygenated streams; spawns in winter.',
      lookAlikes: {
        'salmo-marmoratus':
          'Instead of spots it has a grey-green marbling all over the body, like marble; it grows very large. Native to the Po and Soča basins and protected in many waters: it must be released.',
      },
    },
    'oncorhynchus-mykiss': {
      description:
        'Dense black spots, on the tail too, and a pinkish band along the flank. A North American species stocked in ponds and in many stretches of stream.',
      lookAlikes: {},
    },
    'thymallus-thymallus': {
      description:
        'A large sail-like dorsal fin, silvery scales and a small mouth. Clear rivers with gravel beds; spawns in spring. In many waters it is protected or may only be caught and released.',
      lookAlikes: {},
    },
  },
};

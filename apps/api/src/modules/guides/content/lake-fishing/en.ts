import type { GuideText } from '../types.ts';

export const en: GuideText = {
  title: 'Lake fishing: where the fish are and how to catch them',
  summary:
    'How a lake changes with the seasons, the rules of the big lakes (including those shared with Switzerland), techniques from the shore and from a boat, and how to stay safe on the water.',
  sections: {
    'lake-basics': {
      title: 'Understanding a lake',
      body: `A lake looks still, but its fish move a great deal through the year. Knowing where they are matters more than the bait.

- **Spring**: the water near the shore warms first. Pike and perch come close to the banks, reed beds and shallow bays to spawn. It is also the time of closed seasons: check before you set off.
- **Summer**: the surface water gets warm and poor in oxygen. Fish go down to where the water is cool, often below 10–15 metres, and come back towards the shore at dawn and dusk.
- **Autumn**: the water mixes again and predators hunt hard along drop-offs and points. It is the best season for perch and pike.
- **Winter**: fish are slow and deep; you catch little, with small baits.

Look for **changes in depth**: drop-offs where the bottom falls away suddenly, points reaching into the lake, stream mouths, piers, posts and sunken trees. Fish gather where there is shelter and where food passes.

Wind matters: the shore the wind blows onto collects food and often fish, but the waves there are stronger too.`,
    },
    rules: {
      title: 'The rules of the lakes',
      body: `To fish a lake you need, as on rivers, the **regional licence** and, where required, the FIPSAS card and a permit. On many lakes fishing from the shore is free with the licence alone, while **boat fishing** and trolling need an extra permit and have rules on the number of rods and hooks.

- **Spawning closures**: each species has its protected period, for example pike at the end of winter and perch in spring. The dates change from lake to lake.
- **Minimum sizes and bag limits**: set per species, often stricter for perch and whitefish.
- **Shared lakes**: on Lake Maggiore and Lake Lugano, partly Swiss, the rules of an Italian-Swiss fishing convention apply; check which permit is valid on the shore where you fish.
- **No-fishing zones**: harbours, bathing beaches in summer, wildlife protection zones and next to water intakes.

The area's page on Sentiero shows the right permit and the lake's rules to download.`,
    },
    techniques: {
      title: 'Techniques',
      body: `- **Float fishing from the shore**: the simplest technique, with a worm or a maggot, for perch and silver fish near piers and reed beds.
- **Ledgering**: a running weight and a bait on the bottom, for carp, tench and eels where allowed. Patience and a good rod rest.
- **Spinning and soft lures**: small soft plastics and spoons along drop-offs for perch, bigger lures for pike. For pike you always need a **steel trace**: its teeth cut nylon.
- **From a boat**: trolling lures at different depths, or vertical fishing on drop-offs with a fish finder. Whitefish are caught offshore, deep, with small baits and a very light touch.

Handle a pike with care: long forceps, one hand under the belly and one behind the head, never lifted by the gills.`,
    },
    'safety-water': {
      title: 'Safe on the water',
      body: `On lakes the weather changes fast. Many Alpine lakes have **regular winds**: a northerly breeze in the morning and a southerly in the afternoon, which raise high waves within a few tens of minutes. In summer storms arrive with sudden gusts.

- **Check the forecast** before you go out and come back at the first sign of a storm.
- **Carbon rods conduct**: at the first thunder put them down and move away from the water and from high points.
- **In a boat wear a life jacket**, always: the water of deep lakes is cold even in summer, and cold shock drains your strength within minutes.
- On Swiss lakes and some border lakes, **warning lights** on the shore flash slowly to warn of danger and fast for an approaching storm.
- Tell someone where you are going and when you expect to be back; in an emergency call **112**.`,
    },
  },
  species: {
    'perca-fluviatilis': {
      description:
        'Greenish body with 5–8 dark vertical bars, a spiny first dorsal fin with a black spot, orange pelvic fins. Lives in shoals along drop-offs and piers.',
      lookAlikes: {
        'sander-lucioperca':
          'Longer, with sharp teeth and large glassy eyes; its bars are less distinct. It has minimum sizes and closed seasons of its own.',
      },
    },
    'esox-lucius': {
      description:
        'Long cylindrical body, a duck-bill snout full of teeth, green flanks with pale spots. Hunts by ambush among reeds and sunken plants.',
      lookAlikes: {},
    },
    'coregonus-lavaretus': {
      description:
        'Slender silvery body, small toothless mouth, an adipose fin. Lives in shoals in deep, cool water; spawns in winter and is highly prized in the kitchen.',
      lookAlikes: {},
    },
  },
};

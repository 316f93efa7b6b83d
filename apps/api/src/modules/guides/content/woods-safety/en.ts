import type { GuideText } from '../types.ts';

export const en: GuideText = {
  title: 'Safe in the woods',
  summary:
    'What to prepare before you go, how not to get lost when you walk head down, storms and darkness, ticks, vipers and hunting, and how to call for help the right way.',
  sections: {
    'before-you-go': {
      title: 'Before you go',
      body: `Every autumn Italian news reports mushroom foragers who fell or went missing. Almost never out of bad luck: usually a wet slope, a drop off the path, darkness that came sooner than expected. Foragers walk off the paths, looking at the ground, often alone: so preparation matters more than on an ordinary hike.

- **Tell someone where you are going** and when you expect to be back, and let them know when you are.
- **A charged phone** and a spare battery; download the map of the area to use it without a network. In Italy the official *112 Where ARE U* app sends your position when you call for help.
- **Mountain boots with a deep tread**: slopes of wet leaves are as slippery as ice. A stick helps a lot going down.
- **Layers of clothing** and a waterproof jacket, even on a fine day.
- **Water, something to eat, a whistle, a head torch** and a small first-aid kit.
- **Do not go alone** on steep slopes and do not overrate your strength: the climb back with a full basket weighs more than the way in.`,
    },
    orientation: {
      title: 'Not getting lost',
      body: `Foragers get lost in a particular way: they follow one mushroom after another, head down, and after an hour no longer know where they came from.

- **Save the car's position** on your phone before entering the wood.
- Now and then **look up and look back**: the wood seen on the way back looks different from the way in. Pick landmarks: a boulder, a clearing, a pylon.
- Keep in mind the direction of the nearest path or road, and the slope: you have usually climbed or descended from the car.
- **If you are lost, stop.** Do not go down a gully to "cut across": it often ends at a rock drop. Go back to the last point you recognise or, if you cannot, stay where you are and call 112.
- If darkness is coming, do not try to get out at all costs: take shelter, cover up and call for help while your phone has battery.`,
    },
    weather: {
      title: 'Weather, storms and darkness',
      body: `In the mountains in summer, **afternoon thunderstorms** build within a few hours. Set off early and head back when the clouds grow into cauliflower towers. If a storm catches you, leave ridges and summits, stay away from lone trees, water and metal fences, and wait crouched, feet together, on ground that is not exposed.

In autumn the problem is **darkness**: in October night falls early in the wood, and earlier still under the trees. Plan your return with at least an hour to spare.

Rain, wind and wet clothes chill you fast even when it is not cold. If you shiver hard and find it hard to move your hands, stop in shelter, change if you can, eat something sweet and call for help.`,
    },
    'animals-ticks': {
      title: 'Ticks, vipers, hunting',
      body: `- **Ticks**: they can carry Lyme disease and, in some areas (north-east Italy, Slovenia, Switzerland, Austria), tick-borne encephalitis, for which there is a vaccine. Long trousers tucked into socks, a repellent, and check your whole body when you are back. Remove a tick with fine tweezers, close to the skin, pulling steadily without squeezing it. If an expanding red ring or fever appears in the following weeks, see a doctor.
- **Vipers**: they bite rarely and only when disturbed; a bite is almost never fatal, but it must always be treated in hospital. Stay calm, keep the limb still, remove rings and watches, do not cut, do not suck, do not tie a tourniquet: call 112.
- **Hunting**: in autumn there is hunting in the woods. Wear **bright colours** (orange shows from afar), respect signs of a hunt in progress, and make yourself heard if you hear shots nearby.
- **Wild boar**: keep your distance, above all from sows with young, and leave them a way out.`,
    },
    emergency: {
      title: 'Calling for help',
      body: `In Italy, Slovenia, Spain and the whole European Union the emergency number is **112**, free and working even without credit; in Switzerland 112 works and the Rega air rescue answers on 1414. In the mountains and woods, rescue comes through 112 (in Italy with the Alpine Rescue, Soccorso Alpino).

When you call, say calmly:

- **what happened** and how many people are involved;
- **where you are**: your phone's coordinates, the path, the nearest village or landmark;
- **how the injured person is**: whether they respond, breathe, bleed;
- **the weather and the ground**: fog, wind, a steep slope.

Then stay reachable: keep your phone on and make no other calls. Cover the injured person, do not move them unless they are in danger and, if you can, make your position visible with a bright piece of clothing or your torch.`,
    },
  },
  species: {},
};

import type { GuideText } from '../types.ts';

export const de: GuideText = {
  title: 'Pfifferlinge: das richtige Gelb und das falsche',
  summary:
    'Woran Sie den Pfifferling erkennen, wie Sie ihn vom giftigen Ölbaumpilz und vom Falschen Pfifferling unterscheiden, wo und wann er wächst und wie er in die Küche kommt.',
  sections: {
    recognise: {
      title: 'Woran man einen Pfifferling erkennt',
      body: `Der Pfifferling (*Cantharellus cibarius*), auch Eierschwamm genannt, gehört zu den meistgesammelten Pilzen Europas. Sein Eigelb leuchtet von Weitem, doch gerade die Farbe täuscht: Andere gelbe oder orange Pilze sehen ihm ähnlich. Achten Sie deshalb auf die Form, nicht nur auf die Farbe.

- **Unter dem Hut sitzen keine echten Lamellen**, sondern niedrige, dicke, stumpfe Leisten, die sich gabeln und ohne Absatz am Stiel herablaufen. Mit dem Finger fühlen sie sich wie Adern an, nicht wie dünne Blätter.
- **Hut und Stiel sind aus einem Stück**: Der Hut weitet sich trichterförmig und hat einen welligen, oft unregelmäßigen Rand.
- **Das Fleisch ist fest, weiß oder blassgelb** und faserig wie Hühnerbrust, wenn man den Stiel aufreißt.
- **Der Duft erinnert an Aprikose**, fruchtig und leicht.
- **Er wächst am Boden**, einzeln oder in lockeren Gruppen, nie in dichten Büscheln auf Holz oder Wurzeln.

Passt auch nur eines dieser Merkmale nicht, ist der Pilz kein Pfifferling. Und passen alle, zeigen Sie ihn trotzdem vor dem Kochen einer Pilzkontrolle.`,
    },
    'look-alikes': {
      title: 'Zwei Doppelgänger, die Sie kennen sollten',
      body: `Der **Ölbaumpilz** (*Omphalotus olearius*) ist der gefährliche Doppelgänger. Er ist leuchtend orange, größer und fleischiger als der Pfifferling und wächst **in dichten Büscheln am Fuß von Olivenbäumen, Eichen und Kastanien** oder auf deren Wurzeln. Er hat **echte Lamellen**, dünn, gedrängt und scharfkantig, die im Dunkeln schwach leuchten können. Er verursacht eine schwere Magen-Darm-Vergiftung mit Erbrechen und Durchfall wenige Stunden nach der Mahlzeit.

Der **Falsche Pfifferling** (*Hygrophoropsis aurantiaca*) ist orange, dünner und weicher. Er hat echte, gedrängte, gegabelte Lamellen, die sich leicht vom Hut lösen, und wächst zwischen Kiefernnadeln oder auf morschem Holz. Er ist nicht so gefährlich wie der Ölbaumpilz, aber kein Speisepilz, und manchen bekommt er schlecht.

### Die Kontrolle in drei Handgriffen

- Schauen Sie, wo er wächst: verstreut am Boden (Pfifferling) oder im Büschel auf Holz (Ölbaumpilz)?
- Fahren Sie mit dem Finger unter den Hut: stumpfe Leisten (Pfifferling) oder dünne Lamellen, die sich lösen (Doppelgänger)?
- Reißen Sie den Stiel auf: weißes, faseriges Fleisch (Pfifferling) oder durch und durch orange (Ölbaumpilz)?`,
    },
    'where-when': {
      title: 'Wo und wann er wächst',
      body: `Der Pfifferling lebt in Symbiose mit Buchen, Kastanien, Eichen, Tannen und Kiefern. Man findet ihn oft an feuchten Hängen, im Moos, an Wegböschungen und in lichten Wäldern mit wenig Bodenbewuchs.

Die Saison reicht von Juni bis Oktober, mit dem Höhepunkt zwischen Juli und September. Er ist weniger launisch als der Steinpilz: Regelmäßiger Regen und milde Temperaturen genügen. Nach einer Trockenzeit erscheint er wenige Tage nach dem ersten Gewitter.

Pfifferlinge wachsen langsam und bleiben lange am selben Ort: Derselbe Wald bringt sie Jahr für Jahr, solange der Boden nicht zerstört wird.`,
    },
    'picking-cooking': {
      title: 'Sammeln und kochen',
      body: `Es gelten die Regeln des Gebiets, die Sie bei Sentiero finden: Erlaubnis, Tageshöchstmenge, Uhrzeiten, fester Korb. Schneiden Sie den Pfifferling mit dem Messer am Grund ab, lassen Sie kleine stehen (viele Regionen schreiben eine Mindestgröße vor) und putzen Sie Nadeln und Erde gleich ab, damit der Korb sauber bleibt.

In der Küche wird der Pfifferling **immer gegart**: Roh ist er unverdaulich. Putzen Sie ihn mit Pinsel oder Tuch, waschen Sie ihn nur, wenn er sehr schmutzig ist, und trocknen Sie ihn sofort. Braten Sie ihn bei starker Hitze, zuerst ohne Fett, damit er sein Wasser verliert, dann mit Öl oder Butter. In Öl hält er sich gut, nachdem er kurz in Essig blanchiert wurde, oder gebraten und eingefroren; getrocknet wird er zäh und verliert sein Aroma.`,
    },
  },
  species: {
    'cantharellus-cibarius': {
      description:
        'Eigelb, trichterförmig, mit stumpfen, gegabelten Leisten statt Lamellen, die am Stiel herablaufen; weißes faseriges Fleisch, Duft nach Aprikose. Am Boden, Juni bis Oktober.',
      lookAlikes: {
        'omphalotus-olearius':
          'Leuchtend orange, in dichten Büscheln auf Stümpfen und Wurzeln von Olivenbäumen, Eichen und Kastanien; echte dünne Lamellen und oranges Fleisch. Verursacht eine schwere Magen-Darm-Vergiftung.',
        'hygrophoropsis-aurantiaca':
          'Orange, dünn und weich, mit echten gedrängten Lamellen, die sich vom Hut lösen; zwischen Kiefernnadeln oder auf morschem Holz. Kein Speisepilz.',
      },
    },
  },
};

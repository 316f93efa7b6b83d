import type { GuideText } from '../types.ts';

export const de: GuideText = {
  title: 'Der Grüne Knollenblätterpilz: der Pilz, der tötet, und womit man ihn verwechselt',
  summary:
    'Der Grüne Knollenblätterpilz verursacht fast alle tödlichen Pilzvergiftungen in Europa. Woran Sie ihn erkennen, mit welchen Speisepilzen er verwechselt wird, welche Beschwerden er macht und was sofort zu tun ist.',
  sections: {
    recognise: {
      title: 'Ihn erkennen: Hut, Ring, Knolle',
      body: `*Amanita phalloides*, der Grüne Knollenblätterpilz, steht hinter der großen Mehrheit der tödlichen Pilzvergiftungen in Europa. Ein einziger Hut kann einen Erwachsenen töten, und seine Gifte (die Amatoxine) **werden durch Kochen, Trocknen oder Einfrieren nicht zerstört**.

Ihn zu erkennen heißt, den ganzen Pilz anzusehen, **samt Stielbasis**:

- **Hut** olivgrün, gelbgrün oder bronzefarben, manchmal fast weiß, glatt, mit dunkleren radialen Fasern. Er trägt keine Warzen.
- **Weiße Lamellen**, dicht, frei vom Stiel: Sie bleiben auch bei alten Pilzen weiß.
- **Ring**: weiß, manschettenartig, hoch am Stiel (er kann abfallen oder einreißen).
- **Knolle mit Scheide**: Unten ist der Stiel verdickt und steckt in einem weißen häutigen Sack, wie eine zerbrochene Eierschale. Er sitzt oft **in der Erde oder unter dem Laub**: Wer den Pilz abreißt oder abschneidet, lässt ihn im Wald zurück und verliert das wichtigste Merkmal.

Er wächst von Juli bis Oktober, vor allem unter Eichen, Kastanien und Buchen, aber auch in Stadtparks. Er ist häufig, keine Seltenheit aus dem Lehrbuch.

**Eiserne Regel**: Ein Pilz mit weißen Lamellen, Ring und Knolle wird nie zum Essen gesammelt. Nie.`,
    },
    'mistaken-for': {
      title: 'Womit er verwechselt wird',
      body: `Fast jede Vergiftung beginnt mit einer Verwechslung mit einem Speisepilz, den man «gut kennt».

- **Grüne Täublinge** (*Russula virescens* und andere grüne Täublinge): ein Hut so grün wie der des Knollenblätterpilzes, weiße Lamellen. Täublinge haben aber weder Ring noch Knolle, und ihr Fleisch bricht wie Kreide.
- **Champignons** (*Agaricus*): Ring und heller Hut. Ihre Lamellen sind jung aber rosa und dann schokoladenbraun, nie weiß, und es gibt keine Knolle. Vorsicht bei ganz jungen, noch geschlossenen Champignons: Schneiden Sie sie immer auf, um die Farbe der Lamellen zu sehen.
- **Stäublinge** (*Lycoperdon*): Ein junger Knollenblätterpilz, noch in seiner Hülle, ist ein weißes «Ei», das einem Stäubling gleicht. Schneiden Sie jeden Stäubling der Länge nach durch: Ein Stäubling ist innen weiß und gleichmäßig; das Ei eines Knollenblätterpilzes zeigt die Umrisse von Hut, Lamellen und Stiel.
- Auch wer **Ritterlinge** oder farblich wechselhafte Täublinge sammelt, hat schon verwechselt: Sehen Sie sich jeden Pilz einzeln an, nie «im Haufen».

Im Korb verunreinigt der Knollenblätterpilz andere Pilze mit Bruchstücken. Zweifeln Sie an einem einzigen Pilz, lassen Sie den ganzen Fund prüfen.`,
    },
    poisoning: {
      title: 'Die Beschwerden und was zu tun ist',
      body: `Die Knollenblätterpilzvergiftung ist heimtückisch, weil **sie spät kommt**. 6–24 Stunden nach der Mahlzeit (meist 8–12) spürt man nichts. Dann folgen Erbrechen, heftiger Durchfall und Bauchschmerzen. Nach ein bis zwei Tagen scheint es besser zu gehen, während die Leber zerstört wird.

Deshalb sagen Ärztinnen und Ärzte: **Beschwerden, die mehr als sechs Stunden nach einer Pilzmahlzeit beginnen, sprechen für einen Knollenblätterpilz**, bis das Gegenteil bewiesen ist.

- Rufen Sie sofort **112** oder eine **Giftnotrufzentrale** an und gehen Sie in die Notaufnahme, auch wenn es Ihnen besser geht.
- Nehmen Sie **Reste**, Putzabfälle und übrige rohe Pilze mit: Die diensthabenden Pilzsachverständigen im Spital bestimmen sie.
- Warnen Sie **alle, die mitgegessen haben**, auch wenn es ihnen gut geht.
- Nicht abwarten, nicht selbst erbrechen, keine Hausmittel.

Je früher die Behandlung beginnt, desto größer die Chance, die Leber zu retten.`,
    },
    'white-amanitas': {
      title: 'Die weißen Knollenblätterpilze',
      body: `Zwei nahe Verwandte sind noch tückischer, weil sie ganz weiß sind: *Amanita verna*, der Frühlings-Knollenblätterpilz, unter Laubbäumen im Frühjahr und Frühsommer, und *Amanita virosa*, der Kegelhütige Knollenblätterpilz der Nadelwälder im Gebirge. Sie enthalten dieselben tödlichen Gifte.

Verwechselt werden sie vor allem mit Champignons und anderen weißen Pilzen von Wiesen und Wäldern. Die Regel bleibt: **weiße Lamellen, Ring und Knolle am Stielgrund** bedeuten Knollenblätterpilz.

Wer weiße Pilze zum Essen sammelt, lässt sie jedes Mal von der Pilzkontrolle prüfen. Einen weißen Pilz im Wald, den man nicht sicher kennt, fotografiert man besser, als ihn zu pflücken.`,
    },
  },
  species: {
    'amanita-phalloides': {
      description:
        'Hut olivgrün, gelblich oder fast weiß, mit radialen Fasern; weiße, freie Lamellen; weißer, manschettenartiger Ring; weiße sackartige Knolle am Stielgrund, oft in der Erde. Unter Laubbäumen, Juli bis Oktober. Auch gekocht tödlich.',
      lookAlikes: {
        'russula-virescens':
          'Grüner Hut, in kleine Felder aufgerissen, weiße Lamellen, aber weder Ring noch Knolle; das Fleisch bricht wie Kreide.',
        'agaricus-campestris':
          'Ring und weißer Hut, aber Lamellen erst rosa, dann schokoladenbraun, und keine Knolle. Auf Wiesen, nicht im Wald.',
        'lycoperdon-perlatum':
          'Längs durchgeschnitten innen weiß und gleichmäßig; ein Knollenblätterpilz-«Ei» zeigt dagegen die Umrisse von Hut und Lamellen. Essbar nur jung und durchgehend weiß.',
      },
    },
  },
};

import type { GuideText } from '../types.ts';

export const de: GuideText = {
  title: 'Steinpilze sicher erkennen',
  summary:
    'Woran Sie einen Steinpilz erkennen, welche Röhrlinge ihm ähneln und warum manche im Wald bleiben müssen, wo und wann Sie ihn suchen und wie Sie ihn nach den Regeln sammeln.',
  sections: {
    recognise: {
      title: 'Woran man einen Steinpilz erkennt',
      body: `Unter «Steinpilz» (italienisch porcino) fasst man vier nahe verwandte Arten zusammen: *Boletus edulis*, *B. aereus* (den Bronzeröhrling), *B. reticulatus* (den Sommer-Steinpilz) und *B. pinophilus* (den Kiefern-Steinpilz). Hutfarbe, Saison und bevorzugte Bäume unterscheiden sich, doch einige Merkmale haben alle gemeinsam – prüfen Sie sie jedes Mal, an jedem einzelnen Pilz.

- **Unter dem Hut sitzen keine Lamellen, sondern Röhren**: ein feiner Schwamm, bei jungen Pilzen weiß, dann gelblich und schließlich olivgrün.
- **Das Fleisch ist weiß und verfärbt sich nicht**, wenn man es schneidet oder drückt. Ein Röhrling, der beim Anschnitt blau, grün oder schwarz wird, ist kein Steinpilz.
- **Der Stiel ist kräftig, oft bauchig**, hell, mit einem feinen hellen Netz, am deutlichsten oben unter dem Hut.
- **Der Geruch ist angenehm, nach Pilz und Haselnuss**; der Geschmack mild.

Der Hut reicht von hellem Haselnussbraun (Sommer-Steinpilz) bis zu fast schwarzem Dunkelbraun (Bronzeröhrling), glatt oder leicht samtig. Kein Merkmal genügt allein: Erst alle zusammen machen den Steinpilz aus. Und selbst wenn alles passt, bleibt die Kontrolle durch eine Pilzsachverständige oder einen Pilzsachverständigen der einzige sichere Weg auf den Teller.`,
    },
    'look-alikes': {
      title: 'Röhrlinge, die ihm ähneln',
      body: `Unter den Röhrlingen gibt es keine tödlichen Arten wie unter den Knollenblätterpilzen, aber einige machen sehr krank, und ein einziger bitterer verdirbt ein ganzes Gericht.

Der **Gallenröhrling** (*Tylopilus felleus*) ist der ähnlichste: Er wächst in denselben Wäldern und täuscht jung selbst Erfahrene. Man erkennt ihn an den Röhren, die mit dem Alter rosa werden, und am Stielnetz, das grob und dunkel statt fein und hell ist. Giftig ist er nicht, aber extrem bitter.

Der **Satans-Röhrling** (*Rubroboletus satanas*) hat einen weißlichen bis hellgrauen Hut, rote Poren, einen gedrungenen Stiel mit rotem Netz und Fleisch, das beim Anschnitt blau wird. Älter riecht er unangenehm. Er verursacht eine heftige Magen-Darm-Vergiftung.

### Eine einfache Regel

Wer anfängt, sammelt als Steinpilz nur Röhrlinge mit weißen, gelben oder grünlichen Poren, Fleisch, das weiß bleibt, und hellem Netz. Rote oder orange Poren, blau werdendes Fleisch, dunkles Netz: Dieser Pilz bleibt im Wald oder kommt getrennt von den anderen zur Pilzkontrolle.`,
    },
    'where-when': {
      title: 'Wo und wann suchen',
      body: `Der Steinpilz lebt in Symbiose mit Bäumen: Er wächst nicht überall, sondern nur dort, wo er seine Partner findet.

- **Sommer-Steinpilz**: Buchen, Kastanien und Eichen, von Ende Mai bis September, in Wäldern des Hügel- und Berglands.
- **Bronzeröhrling**: Kastanien und Eichen in warmen Lagen, von Juli bis Oktober.
- **Gemeiner Steinpilz**: Buchen- und Tannenwälder im Gebirge, von August bis Oktober.
- **Kiefern-Steinpilz**: Kiefern- und Mischwälder in der Höhe, im Sommer und Herbst.

Wichtiger als das Datum ist das Wetter. Die Faustregel der Sammler: Steinpilze erscheinen etwa **10–15 Tage nach kräftigem Regen** (30–40 mm), gefolgt von milden Tagen ohne austrocknenden Wind und ohne kalte Nächte. Die Wachstumstabelle von Sentiero und die Vorhersagen für jedes Gebiet sagen Ihnen, wann sich der Weg lohnt.

Suchen Sie an Waldrändern, an wenig begangenen Wegen, an Hängen mit Morgensonne, wo das Gras in Moos und Laub übergeht. Wo Sie einen finden, schauen Sie sich gut um: Oft stehen weitere in der Nähe.`,
    },
    picking: {
      title: 'Richtig sammeln',
      body: `Die Regeln ändern sich von Region zu Region und oft von Gebiet zu Gebiet: Erlaubnis, Tageshöchstmenge (meist 2 oder 3 kg pro Person), Uhrzeiten, Sperrtage, Mindestgröße des Huts. Lesen Sie vor dem Aufbruch die Regeln des Gebiets auf seiner Seite bei Sentiero und nehmen Sie Ihre Erlaubnis mit.

- **Sammeln Sie den ganzen Pilz**, indem Sie ihn vorsichtig herausdrehen oder am Stielgrund abschneiden: Die Pilzkontrolle braucht ihn vollständig, um ihn zu bestimmen.
- **Putzen Sie ihn an Ort und Stelle** von Erde und Laub und **decken Sie das Loch** mit Erde zu: Das schützt das Myzel, das in den nächsten Jahren neue Pilze trägt.
- **Verwenden Sie einen festen, luftigen Korb**, nie Plastiktüten: Pilze atmen, werden zerdrückt und verderben schnell; in vielen Regionen ist Plastik verboten.
- **Lassen Sie sehr kleine sowie alte oder weiche Pilze stehen**: Die einen sollen wachsen, die anderen verbreiten Sporen und taugen in der Küche nichts.
- Benutzen Sie keine Rechen und wühlen Sie den Waldboden nicht auf: Das ist fast überall verboten und zerstört den Boden.`,
    },
    kitchen: {
      title: 'Vom Wald in die Küche',
      body: `Zu Hause bringen Sie Ihren Fund zuerst zur Pilzberatungsstelle der ASL oder zu einer Pilzkontrolle: Die Prüfung ist kostenlos und dauert nur wenige Minuten.

Steinpilze halten sich nicht lange: Putzen Sie sie mit einem feuchten Tuch oder einem kleinen Messer, ohne sie unter dem Wasserhahn zu waschen, und kochen Sie sie innerhalb von ein bis zwei Tagen; bis dahin im Kühlschrank in einem offenen Behälter aufbewahren. Entfernen Sie Stellen mit Madengängen und die weichen Röhren reifer Pilze.

Länger haltbar werden sie in dünnen Scheiben getrocknet oder eingefroren, am besten schon gegart. Steinpilze isst man immer gegart und in Maßen: Auch ein Speisepilz ist in großer Menge schwer verdaulich.`,
    },
  },
  species: {
    'boletus-edulis': {
      description:
        'Hut haselnuss- bis dunkelbraun, Röhren weiß, dann gelbgrün, weißes Fleisch, das sich beim Anschnitt nicht verfärbt, heller bauchiger Stiel mit feinem hellem Netz oben. Buchen- und Tannenwälder, August bis Oktober.',
      lookAlikes: {
        'tylopilus-felleus':
          'Röhren, die rosa werden, grobes dunkelbraunes Netz am Stiel, extrem bitterer Geschmack. Nicht giftig, verdirbt aber jedes Gericht.',
        'rubroboletus-satanas':
          'Weißlicher oder grauer Hut, rote Poren, rotes Netz am Stiel, Fleisch, das beim Anschnitt blau wird. Verursacht eine schwere Magen-Darm-Vergiftung.',
      },
    },
    'boletus-aereus': {
      description:
        'Dunkelbrauner, fast schwarzer, samtiger Hut; haselnussfarbener Stiel mit feinem Netz; festes weißes Fleisch. Warme Kastanien- und Eichenwälder, Juli bis Oktober.',
      lookAlikes: {
        'tylopilus-felleus':
          'Hellerer Hut und rosa Röhren; das grobe dunkle Stielnetz und der bittere Geschmack verraten ihn.',
      },
    },
  },
};

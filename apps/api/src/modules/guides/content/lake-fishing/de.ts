import type { GuideText } from '../types.ts';

export const de: GuideText = {
  title: 'Fischen am See: wo die Fische stehen und wie man sie fängt',
  summary:
    'Wie sich ein See mit den Jahreszeiten verändert, die Regeln der großen Seen (auch der mit der Schweiz geteilten), Techniken vom Ufer und vom Boot und wie Sie auf dem Wasser sicher bleiben.',
  sections: {
    'lake-basics': {
      title: 'Einen See verstehen',
      body: `Ein See wirkt ruhig, doch seine Fische wandern im Lauf des Jahres viel. Zu wissen, wo sie stehen, zählt mehr als der Köder.

- **Frühling**: Das Uferwasser erwärmt sich zuerst. Hechte und Barsche ziehen zum Laichen an Ufer, Schilfgürtel und flache Buchten. Es ist auch die Zeit der Schonzeiten: Informieren Sie sich vor dem Aufbruch.
- **Sommer**: Das Oberflächenwasser wird warm und sauerstoffarm. Die Fische ziehen dorthin, wo das Wasser kühl ist, oft unter 10–15 Meter, und kommen in der Morgen- und Abenddämmerung zum Ufer zurück.
- **Herbst**: Das Wasser durchmischt sich wieder, und die Raubfische jagen entschlossen an Kanten und Landzungen. Die beste Zeit für Barsch und Hecht.
- **Winter**: Die Fische sind träge und stehen tief; man fängt wenig, mit kleinen Ködern.

Suchen Sie **Tiefenwechsel**: Kanten, an denen der Grund plötzlich abfällt, Landzungen, Bachmündungen, Stege, Pfähle und versunkene Bäume. Fische sammeln sich dort, wo es Deckung gibt und Nahrung vorbeikommt.

Der Wind zählt: Das Ufer, auf das er bläst, sammelt Nahrung und oft Fische, doch dort sind auch die Wellen stärker.`,
    },
    rules: {
      title: 'Die Regeln der Seen',
      body: `Zum Fischen am See brauchen Sie wie an Flüssen den **regionalen Fischereischein** und, wo verlangt, den FIPSAS-Ausweis und eine Erlaubnis. An vielen Seen ist das Uferfischen mit dem Schein allein frei, während **Bootsfischen** und Schleppfischen eine zusätzliche Erlaubnis brauchen und Regeln zur Zahl der Ruten und Haken haben.

- **Schonzeiten**: Jede Art hat ihre geschützte Zeit, etwa der Hecht am Ende des Winters und der Barsch im Frühling. Die Daten ändern sich von See zu See.
- **Mindestmaße und Fangzahlen**: je Art festgelegt, für Barsch und Felchen oft strenger.
- **Geteilte Seen**: Am Lago Maggiore und am Luganersee, teils schweizerisch, gelten die Regeln eines italienisch-schweizerischen Fischereiabkommens; prüfen Sie, welche Erlaubnis an Ihrem Ufer gilt.
- **Sperrzonen**: Häfen, Badestrände im Sommer, Schutzgebiete und die Nähe von Wasserfassungen.

Die Seite des Gebiets bei Sentiero zeigt die passende Erlaubnis und die Seeordnung zum Herunterladen.`,
    },
    techniques: {
      title: 'Die Techniken',
      body: `- **Posenfischen vom Ufer**: die einfachste Technik, mit Wurm oder Made, auf Barsche und Weißfische an Stegen und Schilf.
- **Grundfischen**: ein Laufblei und ein Köder am Grund, auf Karpfen, Schleien und Aale, wo erlaubt. Geduld und ein guter Rutenhalter.
- **Spinnfischen und Gummiköder**: kleine Gummifische und Blinker entlang der Kanten für den Barsch, größere Köder für den Hecht. Für den Hecht braucht es immer ein **Stahlvorfach**: Seine Zähne zerschneiden Nylon.
- **Vom Boot**: Schleppen mit Ködern in verschiedenen Tiefen oder Vertikalfischen an Kanten mit dem Echolot. Felchen fängt man draußen, tief, mit kleinen Ködern und viel Gefühl.

Einen Hecht fassen Sie behutsam an: lange Zange, eine Hand unter dem Bauch, eine hinter dem Kopf, nie an den Kiemen hochheben.`,
    },
    'safety-water': {
      title: 'Sicher auf dem Wasser',
      body: `Auf Seen ändert sich das Wetter schnell. Viele Alpenseen haben **regelmäßige Winde**: morgens eine Brise aus Norden, nachmittags eine aus Süden, die in wenigen Dutzend Minuten hohe Wellen aufbauen. Im Sommer kommen Gewitter mit plötzlichen Böen.

- **Prüfen Sie die Vorhersage**, bevor Sie hinausfahren, und kehren Sie beim ersten Anzeichen eines Gewitters um.
- **Kohlefaserruten leiten Strom**: Legen Sie sie beim ersten Donner ab und entfernen Sie sich vom Wasser und von erhöhten Stellen.
- **Im Boot tragen Sie eine Rettungsweste**, immer: Das Wasser tiefer Seen ist auch im Sommer kalt, und der Kälteschock raubt in Minuten die Kraft.
- Auf Schweizer Seen und einigen Grenzseen blinken die **Sturmwarnleuchten** am Ufer langsam als Vorsichtsmeldung und schnell bei nahendem Sturm.
- Sagen Sie jemandem, wohin Sie gehen und wann Sie zurück sein wollen; im Notfall rufen Sie **112**.`,
    },
  },
  species: {
    'perca-fluviatilis': {
      description:
        'Grünlicher Körper mit 5–8 dunklen Querbinden, stachelige erste Rückenflosse mit schwarzem Fleck, orange Bauchflossen. Lebt in Schwärmen an Kanten und Stegen.',
      lookAlikes: {
        'sander-lucioperca':
          'Gestreckter, mit spitzen Zähnen und großen glasigen Augen; die Binden sind weniger deutlich. Hat eigene Mindestmaße und Schonzeiten.',
      },
    },
    'esox-lucius': {
      description:
        'Langer, walzenförmiger Körper, ein Entenschnabel-Maul voller Zähne, grüne Flanken mit hellen Flecken. Jagt aus dem Hinterhalt zwischen Schilf und Wasserpflanzen.',
      lookAlikes: {},
    },
    'coregonus-lavaretus': {
      description:
        'Schlanker, silbriger Körper, kleines zahnloses Maul, Fettflosse. Lebt in Schwärmen in tiefem, kühlem Wasser; laicht im Winter und ist in der Küche sehr geschätzt.',
      lookAlikes: {},
    },
  },
};

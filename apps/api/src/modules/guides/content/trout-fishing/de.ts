import type { GuideText } from '../types.ts';

export const de: GuideText = {
  title: 'Forellenfischen: die Grundlagen',
  summary:
    'Fischereischein, FIPSAS-Ausweis und Erlaubnisse, Schonzeiten und Fangbeschränkungen, wie man einen Bach liest, die gängigsten Techniken und wie man einen Fisch schonend zurücksetzt.',
  sections: {
    papers: {
      title: 'Die Papiere: Schein, Ausweis, Erlaubnis',
      body: `Zum Fischen in Binnengewässern in Italien brauchen Sie meist drei Dinge, und alle sollten in der Tasche sein, bevor Sie die Rute montieren.

- **Der regionale Fischereischein**: Für das Sportfischen ist es der Schein vom Typ B, ausgestellt von der Region, in der Sie fischen. In vielen Regionen genügt die Quittung der Jahresgebühr; ausländische Gäste erhalten oft einen befristeten Schein.
- **Der FIPSAS-Ausweis** (italienischer Sportfischerverband): Viele Strecken, die der Verband oder Vereine bewirtschaften, verlangen ihn; er enthält eine Versicherung. Verlangt eine Erlaubnis bei Sentiero den Ausweis, geben Sie seine Nummer beim Kauf für jeden Gast ein.
- **Die Erlaubnis für die Strecke**: Tages-, Wochen- oder Saisonkarte für verpachtete Gewässer, Reviere und Sonderstrecken. Sie nennt Tage, Uhrzeiten, erlaubte Köder und die Zahl der Fische, die Sie entnehmen dürfen.

Außerhalb Italiens ändert sich der Name, nicht die Idee: In der Schweiz brauchen Sie das kantonale Patent und für längere Patente den Sachkunde-Nachweis (SaNa); in Slowenien verkaufen die örtlichen Fischereivereine (ribiške družine) Tageskarten; in Spanien brauchen Sie die Lizenz der autonomen Gemeinschaft und in den *cotos* eine Streckenerlaubnis.

Haben Sie alle Papiere dabei, auch auf dem Handy: Die Aufsicht kann sie jederzeit verlangen.`,
    },
    'season-limits': {
      title: 'Schonzeiten und Fangbeschränkungen',
      body: `In den meisten Teilen Italiens **beginnt die Forellensaison zwischen Ende Februar und März und endet zwischen Ende September und Anfang Oktober**: Im Winter laichen die Forellen und haben Ruhe. Die genauen Tage legt jede Region fest, und jede Strecke kann Ausnahmen haben.

- **Fangzahl**: meist 3 bis 5 Salmoniden pro Person und Tag, in Trophäenstrecken manchmal nur einer.
- **Mindestmaß**: für die Bachforelle oft zwischen 22 und 25 cm, gemessen von der Maulspitze bis zum Schwanzende; bei der Marmorierten Forelle viel mehr oder ein völliges Entnahmeverbot.
- **No-Kill-Strecken**: Jeder Fisch wird zurückgesetzt, oft nur mit Einzelhaken ohne Widerhaken und Kunstködern.
- **Häufige Verbote**: Anfüttern, lebende Köderfische, mehr als eine Rute am Bach.

Für die Äsche gelten eigene Regeln: Sie laicht im Frühjahr und ist in vielen Gewässern geschützt oder darf nur gefangen und zurückgesetzt werden.`,
    },
    'reading-water': {
      title: 'Den Bach lesen',
      body: `Die Forelle steht mit dem Kopf gegen die Strömung und sucht Plätze, an die ihr die Strömung Nahrung bringt, ohne dass sie sich anstrengen muss.

- **Hinter Steinen** und im ruhigen Wasser neben starker Strömung.
- **Am Einlauf von Gumpen**, wo schnelles Wasser langsamer wird und sich ausbreitet.
- **Unter unterspülten Ufern**, Wurzeln und schattenspendenden Ästen.

Nähern Sie sich **von unten**, langsam, ohne Ihren Schatten aufs Wasser zu werfen: Eine erschreckte Forelle beißt viele Minuten lang nicht. Polarisationsbrillen helfen, Grund und Fische zu sehen. Die besten Zeiten sind früher Morgen, Abend und bedeckte Tage; nach leicht steigendem, etwas trübem Wasser gehen Forellen auf Jagd.`,
    },
    techniques: {
      title: 'Die Techniken',
      body: `- **Spinnfischen**: kleine Spinner und Wobbler von 2 bis 5 g, stromauf geworfen und mit der Strömung eingeholt. Die einfachste Technik für den Anfang.
- **Fliegenfischen**: Trockenfliegen, wenn die Forellen an der Oberfläche steigen, sonst Nymphen am Grund. Es braucht Übung, eignet sich aber am besten zum Zurücksetzen.
- **Naturköder**: der Wurm, wo erlaubt, mit leichter Bebleiung in der Strömung treiben gelassen. Forellen schlucken ihn tief: Wenn Sie zurücksetzen wollen, wählen Sie eine andere Technik.

Leichtes Gerät, dünne Schnur und wenige gut gewählte Köder sind mehr wert als eine volle Köderbox.`,
    },
    'catch-release': {
      title: 'Schonend zurücksetzen',
      body: `Eine schlecht zurückgesetzte Forelle stirbt oft in den folgenden Tagen. Ein paar Gewohnheiten machen den Unterschied.

- **Einzelhaken ohne Widerhaken** (oder mit angedrücktem Widerhaken): Er löst sich im Nu.
- **Kurzer Drill**: Ein erschöpfter Fisch erholt sich schlecht.
- **Nasse Hände**, nie trockene Tücher: Sie schützen die Schleimhaut, die seine Haut verteidigt.
- **Der Fisch bleibt im Wasser**: Haken dort mit einer Zange lösen; für ein Foto nur wenige Sekunden und über dem Wasser.
- **Kein Druck auf den Bauch** und keine Finger in den Kiemen.
- Halten Sie ihn gegen die Strömung, bis er von selbst davonschwimmt.

Bei Wasser über 20 °C leiden Forellen: Im Sommer, in den heißen Stunden, fischen Sie besser gar nicht auf sie.`,
    },
  },
  species: {
    'salmo-trutta': {
      description:
        'Olivbrauner Rücken, goldene Flanken mit schwarzen und roten, hell umrandeten Punkten, Fettflosse oft orange. Kühle, sauerstoffreiche Bäche; laicht im Winter.',
      lookAlikes: {
        'salmo-marmoratus':
          'Statt Punkten eine graugrüne Marmorierung am ganzen Körper; wird sehr groß. Heimisch im Einzugsgebiet von Po und Soča und in vielen Gewässern geschützt: Sie muss zurückgesetzt werden.',
      },
    },
    'oncorhynchus-mykiss': {
      description:
        'Dichte schwarze Punkte, auch auf der Schwanzflosse, und ein rosa Band entlang der Flanke. Nordamerikanische Art, in Teiche und viele Bachstrecken eingesetzt.',
      lookAlikes: {},
    },
    'thymallus-thymallus': {
      description:
        'Große, segelartige Rückenflosse, silbrige Schuppen und kleines Maul. Klare Flüsse mit Kiesgrund; laicht im Frühjahr. In vielen Gewässern geschützt oder nur zum Zurücksetzen zu fangen.',
      lookAlikes: {},
    },
  },
};

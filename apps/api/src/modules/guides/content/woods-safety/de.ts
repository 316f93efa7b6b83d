import type { GuideText } from '../types.ts';

export const de: GuideText = {
  title: 'Sicher im Wald',
  summary:
    'Was Sie vor dem Aufbruch vorbereiten, wie Sie sich nicht verirren, wenn Sie mit gesenktem Kopf gehen, Gewitter und Dunkelheit, Zecken, Vipern und Jagd, und wie Sie richtig Hilfe rufen.',
  sections: {
    'before-you-go': {
      title: 'Vor dem Aufbruch',
      body: `Jeden Herbst berichten italienische Nachrichten von Pilzsammlern, die gestürzt sind oder vermisst werden. Fast nie aus Pech: meist wegen eines nassen Hangs, einer Böschung abseits des Wegs oder der Dunkelheit, die früher kam als gedacht. Wer Pilze sucht, geht abseits der Wege, den Blick am Boden, oft allein: Deshalb zählt die Vorbereitung mehr als bei einer gewöhnlichen Wanderung.

- **Sagen Sie jemandem, wohin Sie gehen** und wann Sie zurück sein wollen, und melden Sie sich bei der Rückkehr.
- **Geladenes Handy** und ein Zusatzakku; laden Sie die Karte des Gebiets herunter, um sie ohne Netz zu nutzen. In Italien übermittelt die offizielle App *112 Where ARE U* Ihren Standort, wenn Sie den Notruf wählen.
- **Bergschuhe mit griffiger Sohle**: Hänge mit nassem Laub sind glatt wie Eis. Ein Stock hilft beim Abstieg sehr.
- **Kleidung in Schichten** und eine Regenjacke, auch an einem schönen Tag.
- **Wasser, etwas zu essen, eine Pfeife, eine Stirnlampe** und eine kleine Erste-Hilfe-Ausrüstung.
- **Gehen Sie nicht allein** in steile Hänge und überschätzen Sie Ihre Kräfte nicht: Der Rückweg bergauf mit vollem Korb wiegt mehr als der Hinweg.`,
    },
    orientation: {
      title: 'Sich nicht verirren',
      body: `Pilzsammler verirren sich auf eine besondere Art: Sie folgen einem Pilz nach dem anderen, den Kopf gesenkt, und wissen nach einer Stunde nicht mehr, woher sie gekommen sind.

- **Speichern Sie den Standort des Autos** im Handy, bevor Sie in den Wald gehen.
- **Heben Sie ab und zu den Kopf und schauen Sie zurück**: Auf dem Rückweg sieht der Wald anders aus als auf dem Hinweg. Wählen Sie Orientierungspunkte: einen Felsblock, eine Lichtung, einen Strommast.
- Behalten Sie die Richtung zum nächsten Weg oder zur nächsten Straße im Kopf und das Gefälle: Meist sind Sie vom Auto aus auf- oder abgestiegen.
- **Wenn Sie sich verirrt haben, bleiben Sie stehen.** Steigen Sie nicht in eine Rinne ab, um «abzukürzen»: Sie endet oft an einer Felsstufe. Gehen Sie zum letzten Punkt zurück, den Sie wiedererkennen, oder bleiben Sie, wenn das nicht geht, wo Sie sind, und rufen Sie 112.
- Wird es dunkel, versuchen Sie nicht um jeden Preis hinauszukommen: Suchen Sie Schutz, ziehen Sie sich warm an und rufen Sie Hilfe, solange das Handy Akku hat.`,
    },
    weather: {
      title: 'Wetter, Gewitter und Dunkelheit',
      body: `Im Gebirge bilden sich im Sommer **Nachmittagsgewitter** innerhalb weniger Stunden. Brechen Sie früh auf und kehren Sie um, wenn die Wolken zu Blumenkohltürmen wachsen. Überrascht Sie ein Gewitter, verlassen Sie Grate und Gipfel, halten Sie Abstand zu einzelnen Bäumen, Gewässern und Metallzäunen und warten Sie in der Hocke, die Füße zusammen, auf nicht exponiertem Gelände.

Im Herbst ist die **Dunkelheit** das Problem: Im Oktober wird es im Wald früh Nacht und unter den Bäumen noch früher. Planen Sie den Rückweg mit mindestens einer Stunde Reserve.

Regen, Wind und nasse Kleidung kühlen schnell aus, auch wenn es nicht kalt ist. Zittern Sie stark und können Sie die Hände kaum bewegen, halten Sie an einem geschützten Ort an, ziehen Sie sich wenn möglich um, essen Sie etwas Süßes und rufen Sie Hilfe.`,
    },
    'animals-ticks': {
      title: 'Zecken, Vipern, Jagd',
      body: `- **Zecken**: Sie können Borreliose übertragen und in manchen Gebieten (Nordosten Italiens, Slowenien, Schweiz, Österreich) die Frühsommer-Meningoenzephalitis (FSME), gegen die es eine Impfung gibt. Lange Hosen in die Socken gesteckt, ein Schutzmittel, und nach der Rückkehr den ganzen Körper absuchen. Entfernen Sie eine Zecke mit einer feinen Pinzette nahe der Haut und ziehen Sie sie gleichmäßig heraus, ohne sie zu quetschen. Zeigt sich in den Wochen danach eine sich ausbreitende Rötung oder Fieber, gehen Sie zum Arzt.
- **Vipern**: Sie beißen selten und nur, wenn sie gestört werden; ein Biss ist fast nie tödlich, muss aber immer im Spital behandelt werden. Bleiben Sie ruhig, stellen Sie die Gliedmaße ruhig, nehmen Sie Ringe und Uhr ab, nicht einschneiden, nicht aussaugen, nicht abbinden: Rufen Sie 112.
- **Jagd**: Im Herbst wird in den Wäldern gejagt. Tragen Sie **leuchtende Farben** (Orange sieht man von Weitem), beachten Sie Schilder zu laufenden Treibjagden und machen Sie sich bemerkbar, wenn Sie Schüsse in der Nähe hören.
- **Wildschweine**: Halten Sie Abstand, vor allem zu Bachen mit Frischlingen, und lassen Sie ihnen einen Fluchtweg.`,
    },
    emergency: {
      title: 'Hilfe rufen',
      body: `In Italien, Slowenien, Spanien und der ganzen Europäischen Union ist die Notrufnummer die **112**, kostenlos und auch ohne Guthaben erreichbar; in der Schweiz funktioniert die 112, und die Rettungsflugwacht Rega ist unter 1414 erreichbar. In Bergen und Wäldern kommt die Rettung über die 112 (in Italien mit der Bergrettung, dem Soccorso Alpino).

Sagen Sie beim Anruf ruhig:

- **was passiert ist** und wie viele Personen betroffen sind;
- **wo Sie sind**: die Koordinaten des Handys, den Weg, das nächste Dorf oder einen Orientierungspunkt;
- **wie es der verletzten Person geht**: ob sie antwortet, atmet, blutet;
- **Wetter und Gelände**: Nebel, Wind, ein steiler Hang.

Bleiben Sie danach erreichbar: Lassen Sie das Handy eingeschaltet und telefonieren Sie nicht anderweitig. Decken Sie die verletzte Person zu, bewegen Sie sie nicht, solange sie nicht in Gefahr ist, und machen Sie Ihren Standort wenn möglich mit einem farbigen Kleidungsstück oder dem Licht der Lampe sichtbar.`,
    },
  },
  species: {},
};

import type { GuideText } from '../types.ts';

export const de: GuideText = {
  title: 'Die Regeln für das Pilzesammeln in Italien',
  summary:
    'Erlaubnis, Tageshöchstmengen, Uhrzeiten, Werkzeug und Körbe: was das nationale Gesetz sagt, was sich von Region zu Region ändert und wie Sie erfahren, welche Regeln in Ihrem Wald gelten.',
  sections: {
    framework: {
      title: 'Ein nationales Gesetz, zwanzig regionale Regelwerke',
      body: `In Italien regelt ein nationales Rahmengesetz das Sammeln wild wachsender Pilze, das **Gesetz Nr. 352 von 1993**. Es legt die Grundsätze fest: den Wald schützen, die Mengen begrenzen, dafür sorgen, dass verkaufte Pilze kontrolliert sind. Die Einzelheiten schreiben jedoch die **Regionen**, oft auch die autonomen Provinzen, Berggemeinschaften, Gemeinden und die Konsortien, die die Wälder bewirtschaften.

Das Ergebnis: Zwei Wälder wenige Kilometer voneinander entfernt können unterschiedliche Regeln haben – eine andere Erlaubnis, eine andere Höchstmenge, andere Sperrtage. Die eine «italienische Regel», die man einmal lernt, gibt es also nicht.

Vor jedem Ausflug sollten Sie drei Dinge wissen: **wer das Gebiet verwaltet**, **welche Erlaubnis Sie brauchen** und **welche Grenzen gelten**. Bei Sentiero hat jedes Gebiet eine eigene Seite mit der Erlaubnis zum Kauf und den Bestimmungen zum Herunterladen: So starten Sie am schnellsten regelkonform. Dieser Ratgeber erklärt die Punkte, die fast überall wiederkehren, damit Sie diese Bestimmungen ohne Überraschungen lesen.`,
    },
    permits: {
      title: 'Die Erlaubnis',
      body: `Fast alle Regionen verlangen **eine Sammelberechtigung**: einen regionalen Ausweis, eine Jahresgenehmigung oder eine Tages-, Wochen- oder Saisonerlaubnis für ein bestimmtes Gebiet. In manchen Regionen gibt es den Ausweis erst nach einem kurzen Kurs über Pilzbestimmung und Rücksicht auf den Wald.

- Die Erlaubnis ist **persönlich**: Tragen Sie sie mit einem Ausweis bei sich und zeigen Sie sie der Forstaufsicht, wenn sie danach fragt.
- Wer im Gebiet **wohnt**, hat oft andere Bedingungen als Gäste: Preise, Mengen oder Tage.
- In vielen Regionen zahlen **Kinder** in Begleitung eines Erwachsenen mit Erlaubnis weniger oder nichts: Im Piemont etwa zahlen unter 14-Jährige nicht.
- In Gebieten, die Konsortien oder Gemeinschaften verwalten (die klassischen Pilz-«Reservate»), kommt die Gebietserlaubnis zu den regionalen Regeln hinzu.

Eine bei Sentiero gekaufte Erlaubnis lautet auf Ihren Namen und gilt für die gewählten Tage: Sie finden sie auch ohne Netz bei Ihren Tickets.`,
    },
    'limits-hours': {
      title: 'Mengen, Uhrzeiten und Tage',
      body: `Das nationale Gesetz setzt eine Obergrenze von **3 kg pro Person und Tag**, die nur überschritten werden darf, wenn ein einzelner Pilz oder ein einzelnes Büschel mehr wiegt. Viele Regionen und Gebiete gehen auf **2 kg** hinunter, und manche legen für die begehrtesten Arten niedrigere Grenzen fest.

- **Uhrzeiten**: Nachts zu sammeln ist fast überall verboten; oft ist es von einer Stunde vor Sonnenaufgang bis eine Stunde nach Sonnenuntergang erlaubt oder nur bei Tageslicht.
- **Sperrtage**: Manche Gebiete sperren das Sammeln an bestimmten Wochentagen, damit sich der Wald erholt.
- **Mindestgrößen**: Viele Regionen verbieten zu kleine Steinpilze und den Kaiserling (*Amanita caesarea*), solange er noch im «Ei» geschlossen ist.
- **Geschützte Arten**: Manche Regionen verbieten das Sammeln seltener Arten ganz.

An guten Tagen wiegt die Aufsicht die Körbe: Die Höchstmenge gilt pro Person, nicht pro Familie, und lässt sich nicht an jemanden ohne Erlaubnis «verleihen».`,
    },
    'how-to-pick': {
      title: 'Wie gesammelt wird',
      body: `Hier sind die Regeln in ganz Italien fast gleich, weil sie aus dem nationalen Gesetz stammen.

- **Keine Rechen, Haken oder Geräte**, die die Laub- und Humusschicht aufwühlen: Sie zerstören das Myzel.
- **Grob putzen an Ort und Stelle**: Erde, Laub und beschädigte Teile bleiben im Wald, wo die Sporen keimen können.
- **Feste, luftige Behälter** wie Weidenkörbe: Plastiktüten sind verboten.
- **Ganze, bestimmbare Pilze**: Schneiden Sie sie im Wald nicht klein, damit Pilzkontrolle und Aufsicht sie erkennen können.
- **Sammeln Sie keine Pilze, die Sie nicht kennen**, «um sie prüfen zu lassen»: Wenn Sie wirklich eine Auskunft wollen, nehmen Sie nur einen mit, ganz und getrennt von den anderen.

Wer wild gewachsene Pilze verkauft, muss sie von der Pilzberatungsstelle zertifizieren lassen: Ungeprüft verschenken oder verkaufen ist verboten und gefährlich.`,
    },
    'parks-fines': {
      title: 'Parks, Privatgrund und Bußgelder',
      body: `In **National- und Regionalparks** gelten die Parkordnungen: Oft ist das Sammeln in den Kernzonen verboten und anderswo nur Einheimischen oder mit einer Parkerlaubnis gestattet.

**Eingezäunter Privatgrund** und Flächen mit Verbotsschildern sind ausgenommen: Der Eigentümer darf sich das Sammeln vorbehalten. Auch Mähwiesen, Kastanienhaine und Forstbaumschulen haben oft eigene Regeln.

Die **Bußgelder** sind Verwaltungsstrafen und können mehrere hundert Euro erreichen, dazu werden die Pilze beschlagnahmt. Sie drohen beim Sammeln ohne Erlaubnis, außerhalb der Zeiten, über der Höchstmenge, mit verbotenem Werkzeug oder mit Plastiktüten.`,
    },
    abroad: {
      title: 'In der Schweiz, in Slowenien und Spanien',
      body: `- **Schweiz**: Die Regeln sind kantonal. Viele Kantone legen eine Tageshöchstmenge pro Person fest, oft 1–2 kg, und einige Schontage im Monat. Fast jede Gemeinde bietet eine kostenlose amtliche Pilzkontrolle.
- **Slowenien**: Eine landesweite Regel begrenzt das Sammeln auf **2 kg pro Person und Tag**, schützt einige Arten und verbietet das Sammeln in bestimmten Schutzgebieten; im Triglav-Nationalpark gelten strengere Regeln.
- **Spanien**: Es entscheiden die autonomen Gemeinschaften und oft die Gemeinden. In vielen Gegenden, etwa in Kastilien und León, gibt es regulierte Pilzgebiete, in denen Sie eine Tages- oder Saisonerlaubnis mit eigenen Höchstmengen brauchen.

Wohin Sie auch gehen: Die Seite des Gebiets bei Sentiero zeigt die passende Erlaubnis und die örtlichen Bestimmungen.`,
    },
  },
  species: {},
};

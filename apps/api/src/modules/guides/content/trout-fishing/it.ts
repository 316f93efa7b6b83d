import type { GuideText } from '../types.ts';

export const it: GuideText = {
  title: 'Pesca alla trota: le basi',
  summary:
    'Licenza, tessera FIPSAS e permessi, stagioni e limiti di cattura, come leggere il torrente, le tecniche più usate e come rilasciare bene un pesce.',
  sections: {
    papers: {
      title: 'I documenti: licenza, tessera, permesso',
      body: `Per pescare in acque interne in Italia servono di solito tre cose, e conviene averle tutte in tasca prima di montare la canna.

- **La licenza di pesca regionale**: per la pesca sportiva è la licenza di tipo B, rilasciata dalla regione in cui si pesca. In molte regioni basta la ricevuta del versamento annuale; i turisti stranieri possono spesso ottenere una licenza temporanea.
- **La tessera FIPSAS** (Federazione Italiana Pesca Sportiva e Attività Subacquee): molti tratti gestiti dalla federazione o da associazioni la chiedono, e comprende un'assicurazione. Su Sentiero, quando un permesso la richiede, il numero della tessera si inserisce all'acquisto, ospite per ospite.
- **Il permesso del tratto**: giornaliero, settimanale o stagionale, per le acque in concessione, le riserve e le zone a regolamento speciale. Indica giorni, orari, esche ammesse e numero di catture.

Fuori dall'Italia cambia il nome, non l'idea: in Svizzera servono la patente cantonale e, per i permessi lunghi, l'attestato di competenza (SaNa); in Slovenia il permesso giornaliero si compra dalle società di pesca locali (ribiške družine); in Spagna serve la licenza della comunità autonoma e, nei *cotos*, un permesso del tratto.

Tieni tutti i documenti con te, anche sul telefono: le guardie possono chiederli in qualsiasi momento.`,
    },
    'season-limits': {
      title: 'Stagioni e limiti',
      body: `La stagione della trota in gran parte d'Italia **apre tra fine febbraio e marzo e chiude tra fine settembre e inizio ottobre**: d'inverno le trote si riproducono e vanno lasciate in pace. Le date precise le fissa ogni regione, e ogni tratto può avere eccezioni.

- **Numero di catture**: di solito da 3 a 5 salmonidi a persona al giorno; nelle zone trofeo anche uno solo.
- **Misura minima**: per la trota fario spesso tra 22 e 25 cm, misurata dalla punta del muso alla fine della coda; molto di più, o divieto assoluto, per la trota marmorata.
- **Zone no-kill**: ogni pesce va rilasciato, spesso con amo singolo senza ardiglione ed esche artificiali.
- **Divieti comuni**: pasturare, usare pesci vivi come esca, pescare con più di una canna nei torrenti.

Il temolo ha regole proprie: si riproduce in primavera e in molte acque è protetto o pescabile solo con rilascio.`,
    },
    'reading-water': {
      title: 'Leggere il torrente',
      body: `La trota sta con la testa controcorrente e sceglie i posti dove la corrente le porta il cibo senza farla faticare.

- **Dietro i massi** e nelle «lame» di acqua calma accanto alla corrente forte.
- **In testa alle buche**, dove l'acqua veloce rallenta e si allarga.
- **Sotto le sponde scavate**, le radici e i rami che fanno ombra.

Avvicinati **da valle**, piano, senza far cadere la tua ombra sull'acqua: una trota spaventata non abbocca per molti minuti. Gli occhiali polarizzati aiutano a vedere il fondo e i pesci. I momenti migliori sono il mattino presto, la sera e le giornate coperte; dopo un piccolo rialzo d'acqua leggermente torbida le trote si mettono in caccia.`,
    },
    techniques: {
      title: 'Le tecniche',
      body: `- **Spinning**: piccoli cucchiaini rotanti e minnow da 2 a 5 g, lanciati a monte e recuperati con la corrente. È la tecnica più semplice per cominciare.
- **Pesca a mosca**: mosche secche quando le trote bollano in superficie, ninfe sul fondo il resto del tempo. Chiede pratica, ma è la più adatta al rilascio.
- **Esca naturale**: il lombrico, dove ammesso, lasciato scendere con la corrente con una piombatura leggera. Le trote lo ingoiano in profondità: se vuoi rilasciare il pesce, scegli un'altra tecnica.

Attrezzatura leggera, filo sottile e pochi artificiali scelti bene valgono più di una cassetta piena.`,
    },
    'catch-release': {
      title: 'Rilasciare bene',
      body: `Una trota rilasciata male muore spesso nei giorni successivi. Poche abitudini fanno la differenza.

- **Amo singolo senza ardiglione** (o con l'ardiglione schiacciato): si slama in un attimo.
- **Recupero rapido**: un pesce stremato recupera male.
- **Mani bagnate**, mai stracci asciutti: proteggono il muco che difende la pelle.
- **Il pesce resta in acqua**: slamalo lì con una pinza; se vuoi una foto, pochi secondi e tenendolo sopra l'acqua.
- **Niente pressione sul ventre** e niente dita nelle branchie.
- Tienilo controcorrente finché non riparte da solo.

Con l'acqua sopra i 20 °C le trote soffrono: in estate, nelle ore calde, è meglio non pescarle affatto.`,
    },
  },
  species: {
    'salmo-trutta': {
      description:
        'Dorso bruno-olivastro, fianchi dorati con punti neri e rossi cerchiati di chiaro, pinna adiposa spesso arancione. Torrenti freschi e ossigenati; si riproduce in inverno.',
      lookAlikes: {
        'salmo-marmoratus':
          'Al posto dei punti ha una marmoreggiatura grigio-verde su tutto il corpo, come marmo; raggiunge grandi dimensioni. Specie autoctona del bacino del Po e della Soča, protetta in molte acque: va rilasciata.',
      },
    },
    'oncorhynchus-mykiss': {
      description:
        'Fitti punti neri anche sulla coda e una banda rosata lungo il fianco. Specie nordamericana immessa nei laghetti e in molti tratti di torrente.',
      lookAlikes: {},
    },
    'thymallus-thymallus': {
      description:
        'Grande pinna dorsale a vela, squame argentee e bocca piccola. Fiumi limpidi con fondo ghiaioso; si riproduce in primavera. In molte acque è protetto o pescabile solo con rilascio.',
      lookAlikes: {},
    },
  },
};

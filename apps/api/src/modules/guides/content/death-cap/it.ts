import type { GuideText } from '../types.ts';

export const it: GuideText = {
  title: 'Amanita phalloides: il fungo che uccide e con cosa la si confonde',
  summary:
    'La tignosa verdognola causa quasi tutte le morti per funghi in Europa. Come riconoscerla, con quali funghi commestibili viene scambiata, quali sintomi dà e cosa fare subito.',
  sections: {
    recognise: {
      title: 'Riconoscerla: cappello, anello, volva',
      body: `L'*Amanita phalloides*, la tignosa verdognola, è responsabile della grande maggioranza delle intossicazioni mortali da funghi in Europa. Basta un solo cappello per uccidere un adulto, e le sue tossine (le amatossine) **non si distruggono con la cottura, l'essiccazione o il congelamento**.

Riconoscerla significa guardare il fungo intero, **base compresa**:

- **Cappello** verde oliva, giallo-verdastro o bronzato, a volte quasi bianco, liscio e con fibrille radiali più scure. Non ha verruche.
- **Lamelle bianche**, fitte, libere dal gambo: restano bianche anche negli esemplari vecchi.
- **Anello** bianco, a gonnellina, in alto sul gambo (a volte cade o si strappa).
- **Volva**: alla base il gambo è ingrossato e chiuso in un sacco membranoso bianco, come un guscio d'uovo rotto. Spesso è **sotto terra o tra le foglie**: chi strappa o taglia il fungo la lascia nel bosco e perde il segno più importante.

Cresce da luglio a ottobre, soprattutto sotto querce, castagni e faggi, ma anche nei parchi cittadini. È comune: non è una rarità da manuale.

**Regola di ferro**: un fungo con lamelle bianche, anello e volva non si raccoglie per mangiarlo. Mai.`,
    },
    'mistaken-for': {
      title: 'Con cosa viene confusa',
      body: `Quasi tutte le intossicazioni nascono da uno scambio con un fungo commestibile che «si conosce bene».

- **Colombine verdi** (*Russula virescens* e altre russule verdi): cappello verde come la falloide, lamelle bianche. Ma le russule non hanno né anello né volva, e la loro carne si spezza come un gessetto.
- **Prataioli** (*Agaricus*): anello e cappello chiaro. Ma le lamelle dei prataioli sono rosa nei giovani e poi cioccolato, mai bianche, e non c'è volva. Attenzione ai prataioli giovanissimi, ancora chiusi: tagliali sempre per vedere il colore delle lamelle.
- **Vesce** (*Lycoperdon*): la falloide giovane, ancora chiusa nella volva, è un «uovo» bianco che somiglia a una vescia. Taglia ogni vescia in due per il lungo: la vescia è bianca e uniforme dentro; l'uovo di amanita mostra il profilo del cappello, delle lamelle e del gambo.
- Anche chi raccoglie **tricolomi** o **colombine** di colore variabile ha avuto casi di scambio: ogni fungo va guardato uno per uno, non «a gruppi».

Nel cestino la falloide contamina gli altri funghi con frammenti di carne. Se hai un dubbio su un solo esemplare, fai controllare tutto il raccolto.`,
    },
    poisoning: {
      title: 'I sintomi e cosa fare',
      body: `L'avvelenamento da falloide è subdolo perché **arriva tardi**. Per 6–24 ore dopo il pasto (di solito 8–12) non si sente nulla. Poi compaiono vomito, diarrea violenta e dolori addominali. Dopo uno o due giorni la persona sembra migliorare, mentre il fegato viene distrutto.

Ecco perché i medici dicono: **sintomi che iniziano più di sei ore dopo un pasto di funghi fanno pensare all'amanita** finché non si dimostra il contrario.

- Chiama subito il **112** o un **Centro Antiveleni** e vai in pronto soccorso, anche se ti senti meglio.
- Porta gli **avanzi**, gli scarti di pulizia e, se li hai, i funghi crudi rimasti: il micologo di turno in ospedale li riconosce.
- Avvisa **tutti quelli che hanno mangiato** lo stesso piatto, anche se stanno bene.
- Non aspettare, non provocare il vomito da solo, non prendere rimedi casalinghi.

Prima si comincia la cura, maggiori sono le possibilità di salvare il fegato.`,
    },
    'white-amanitas': {
      title: 'Le amanite bianche',
      body: `Due parenti strette della falloide sono ancora più insidiose perché tutte bianche: l'*Amanita verna*, che compare in primavera e a inizio estate sotto le latifoglie, e l'*Amanita virosa*, dei boschi di conifere di montagna. Contengono le stesse tossine mortali.

Vengono scambiate soprattutto con prataioli e altri funghi bianchi dei prati e dei boschi. La regola è la stessa: **lamelle bianche, anello e volva alla base** significano amanita.

Chi raccoglie funghi bianchi per mangiarli deve avere ogni volta il controllo dell'Ispettorato Micologico. Un fungo bianco trovato in un bosco, senza conoscerlo con certezza, è meglio fotografarlo che raccoglierlo.`,
    },
  },
  species: {
    'amanita-phalloides': {
      description:
        'Cappello verde oliva, giallastro o quasi bianco, con fibrille radiali; lamelle bianche e libere; anello bianco a gonnellina; volva bianca a sacco alla base, spesso interrata. Sotto latifoglie, da luglio a ottobre. Mortale anche cotta.',
      lookAlikes: {
        'russula-virescens':
          'Cappello verde screpolato a piccole placche, lamelle bianche, ma nessun anello e nessuna volva; la carne si spezza come un gessetto.',
        'agaricus-campestris':
          'Anello e cappello bianco, ma lamelle rosa poi bruno cioccolato e nessuna volva. Nei prati, non nel bosco.',
        'lycoperdon-perlatum':
          'Tagliata per il lungo è bianca e uniforme dentro; un «uovo» di amanita mostra invece il profilo di cappello e lamelle. Commestibile solo giovane e tutta bianca.',
      },
    },
  },
};

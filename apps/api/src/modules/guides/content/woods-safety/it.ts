import type { GuideText } from '../types.ts';

export const it: GuideText = {
  title: 'Sicuri nel bosco',
  summary:
    'Cosa preparare prima di uscire, come non perdersi quando si cammina a testa bassa, temporali e buio, zecche, vipere e caccia, e come chiedere aiuto nel modo giusto.',
  sections: {
    'before-you-go': {
      title: 'Prima di partire',
      body: `Ogni autunno, in Italia, la cronaca racconta di cercatori di funghi caduti o dispersi. Quasi mai per sfortuna: di solito per un pendio bagnato, una scarpata fuori sentiero, il buio arrivato prima del previsto. Chi cerca funghi cammina fuori dai sentieri, guardando a terra, spesso da solo: per questo la preparazione conta più che per una normale escursione.

- **Di' a qualcuno dove vai** e a che ora pensi di rientrare, e avvisalo quando torni.
- **Telefono carico** e una batteria di scorta; scarica la mappa della zona per usarla senza rete. In Italia l'app ufficiale *112 Where ARE U* invia la tua posizione quando chiami i soccorsi.
- **Scarpe da montagna con suola scolpita**: i pendii di foglie bagnate sono scivolosi come il ghiaccio. Un bastone aiuta molto in discesa.
- **Abbigliamento a strati** e una giacca impermeabile, anche se la giornata è bella.
- **Acqua, qualcosa da mangiare, un fischietto, una lampada frontale** e un piccolo kit di primo soccorso.
- **Non andare da solo** sui versanti ripidi e non sopravvalutare le forze: la salita col cestino pieno pesa più dell'andata.`,
    },
    orientation: {
      title: 'Non perdersi',
      body: `Chi cerca funghi si perde in un modo particolare: segue un fungo dopo l'altro, a testa bassa, e dopo un'ora non sa più da dove è venuto.

- **Segna la posizione dell'auto** sul telefono prima di entrare nel bosco.
- Ogni tanto **alza la testa e guardati indietro**: il bosco visto al ritorno è diverso da quello dell'andata. Scegli punti di riferimento: un masso, una radura, un traliccio.
- Tieni a mente la direzione del sentiero o della strada più vicina e la pendenza: di solito si è saliti o scesi rispetto all'auto.
- **Se ti perdi, fermati.** Non scendere in un canalone per «tagliare»: spesso finisce su un salto di roccia. Torna all'ultimo punto che riconosci o, se non puoi, resta dove sei e chiama il 112.
- Se sta per fare buio, non cercare di uscire a tutti i costi: riparati, copriti e chiedi aiuto finché il telefono ha batteria.`,
    },
    weather: {
      title: 'Tempo, temporali e buio',
      body: `In montagna d'estate i **temporali del pomeriggio** si formano in poche ore. Esci presto e rientra quando le nuvole crescono a cavolfiore. Se il temporale ti sorprende, lascia creste e cime, stai lontano dagli alberi isolati, dagli specchi d'acqua e dalle recinzioni metalliche, e aspetta accovacciato, con i piedi uniti, su un terreno non esposto.

In autunno il problema è il **buio**: a ottobre nel bosco fa notte presto, e sotto le piante ancora prima. Calcola il rientro con almeno un'ora di margine.

Pioggia, vento e vestiti bagnati raffreddano in fretta anche quando la temperatura non è bassa. Se senti brividi forti e difficoltà a muovere le mani, fermati al riparo, cambiati se puoi, mangia qualcosa di zuccherato e chiedi aiuto.`,
    },
    'animals-ticks': {
      title: 'Zecche, vipere, caccia',
      body: `- **Zecche**: possono trasmettere la malattia di Lyme e, in alcune zone (Nord-Est d'Italia, Slovenia, Svizzera, Austria), l'encefalite da zecca, contro cui esiste un vaccino. Pantaloni lunghi infilati nelle calze, un repellente, e al rientro controlla tutto il corpo. Togli la zecca con una pinzetta sottile, vicino alla pelle, tirando con decisione senza schiacciarla. Se nelle settimane dopo compare un alone rosso che si allarga, o febbre, vai dal medico.
- **Vipere**: mordono raramente e solo se disturbate; il morso è quasi mai mortale, ma va sempre trattato in ospedale. Mantieni la calma, immobilizza l'arto, togli anelli e orologi, non incidere, non succhiare, non stringere lacci: chiama il 112.
- **Caccia**: in autunno nei boschi si caccia. Indossa **colori vivaci** (l'arancione si vede da lontano), rispetta i cartelli di battuta in corso e fatti sentire se senti spari vicini.
- **Cinghiali**: stai lontano, soprattutto dalle femmine con i piccoli, e lasciagli una via di fuga.`,
    },
    emergency: {
      title: 'Chiedere aiuto',
      body: `In Italia, Slovenia, Spagna e in tutta l'Unione Europea il numero di emergenza è il **112**, gratuito e attivo anche senza credito; in Svizzera funziona il 112 e il soccorso aereo Rega risponde al 1414. In montagna e nei boschi i soccorsi arrivano tramite il 112 (in Italia con il Soccorso Alpino).

Quando chiami, di' con calma:

- **cosa è successo** e quante persone sono coinvolte;
- **dove sei**: le coordinate del telefono, il sentiero, il paese o il punto di riferimento più vicino;
- **come sta** la persona ferita: se risponde, se respira, se sanguina;
- **il tempo e il terreno**: nebbia, vento, pendio ripido.

Poi resta raggiungibile: tieni il telefono acceso e non fare altre chiamate. Copri la persona ferita, non spostarla se non è in pericolo e, se puoi, rendi visibile la tua posizione con un indumento colorato o la luce della lampada.`,
    },
  },
  species: {},
};

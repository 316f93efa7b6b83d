import type { GuideText } from '../types.ts';

export const it: GuideText = {
  title: 'Porcini: riconoscerli senza sbagliare',
  summary:
    'Come si riconosce un porcino, quali boleti gli somigliano e perché alcuni vanno lasciati nel bosco, dove e quando cercarlo, come raccoglierlo nel rispetto delle regole.',
  sections: {
    recognise: {
      title: 'Come si riconosce un porcino',
      body: `Con «porcino» si indicano quattro specie vicine: *Boletus edulis*, *B. aereus* (il porcino nero), *B. reticulatus* (il porcino estivo) e *B. pinophilus* (il porcino dei pini). Cambiano colore del cappello, stagione e alberi preferiti, ma hanno in comune pochi caratteri che conviene controllare ogni volta, su ogni esemplare.

- **Sotto il cappello non ci sono lamelle ma tubuli**: una spugna fine, bianca nei funghi giovani, poi giallastra e infine verde oliva.
- **La carne è bianca e non cambia colore** quando si taglia o si preme. Un boleto che diventa blu, verde o nero al taglio non è un porcino.
- **Il gambo è robusto, spesso panciuto**, chiaro, con un reticolo sottile e chiaro, più evidente in alto, vicino al cappello.
- **L'odore è gradevole, di fungo e nocciola**; il sapore è dolce.

Il cappello va dal nocciola chiaro (porcino estivo) al bruno scuro quasi nero (porcino nero), con la superficie liscia o appena vellutata. Nessun carattere da solo basta: è l'insieme che fa il porcino. E anche quando tutto torna, il controllo di un micologo resta l'unico modo sicuro per portarlo in tavola.`,
    },
    'look-alikes': {
      title: 'I boleti che gli somigliano',
      body: `Tra i boleti non ci sono specie mortali come tra le amanite, ma alcuni fanno stare molto male e uno solo, amaro, rovina un intero piatto.

Il **porcino amaro** (*Tylopilus felleus*) è il più simile: cresce negli stessi boschi e da giovane inganna anche chi ha esperienza. Si riconosce dai tubuli che diventano rosa con l'età e dal reticolo del gambo, grosso e scuro anziché fine e chiaro. Non è velenoso, ma è amarissimo.

Il **porcino malefico** (*Rubroboletus satanas*) ha il cappello biancastro o grigio chiaro, i pori rossi, il gambo tozzo con un reticolo rosso e la carne che diventa blu al taglio. Invecchiando ha un odore sgradevole. Provoca una forte intossicazione gastrointestinale.

### Una regola semplice

Chi comincia raccoglie come porcini solo boleti con i pori bianchi, gialli o verdastri, la carne che resta bianca e il reticolo chiaro. Pori rossi o arancioni, carne che vira al blu, reticolo scuro: quel fungo resta nel bosco, oppure va mostrato a un micologo separato dagli altri.`,
    },
    'where-when': {
      title: 'Dove e quando cercarlo',
      body: `Il porcino vive in simbiosi con gli alberi: non cresce ovunque, ma dove trova i suoi compagni.

- **Porcino estivo**: faggi, castagni e querce, da fine maggio a settembre, nei boschi di collina e bassa montagna.
- **Porcino nero**: castagni e querce in zone calde, da luglio a ottobre.
- **Porcino comune**: faggete e abetaie di montagna, da agosto a ottobre.
- **Porcino dei pini**: pinete e boschi misti di quota, in estate e in autunno.

Più della data conta il tempo. La regola dei cercatori è che i porcini compaiono circa **10–15 giorni dopo una pioggia abbondante** (30–40 mm) seguita da giorni miti, senza vento secco né freddo notturno. La tabella di crescita di Sentiero e le previsioni per area servono proprio a capire quando vale la pena partire.

Cerca ai margini del bosco, lungo i sentieri poco battuti, sui pendii esposti al mattino, dove l'erba lascia spazio al muschio e alle foglie. Dove ne trovi uno, guarda bene intorno: spesso ce ne sono altri.`,
    },
    picking: {
      title: 'Raccogliere bene',
      body: `Le regole cambiano da regione a regione e spesso da area ad area: permesso, limite giornaliero (di solito 2 o 3 kg a persona), orari, giorni di chiusura, misura minima del cappello. Prima di partire leggi le regole dell'area sulla sua pagina di Sentiero e tieni con te il permesso.

- **Raccogli il fungo intero**, ruotandolo delicatamente o tagliandolo alla base del gambo: serve intero al micologo per riconoscerlo.
- **Puliscilo sul posto** da terra e foglie e **ricopri il buco** con il terriccio: protegge il micelio che darà i funghi dei prossimi anni.
- **Usa un cestino rigido e aerato**, mai sacchetti di plastica: i funghi respirano, si schiacciano e si guastano in fretta; in molte regioni la plastica è vietata.
- **Lascia gli esemplari molto piccoli e quelli vecchi o molli**: i primi devono crescere, i secondi spargono le spore e in cucina non valgono nulla.
- Non usare rastrelli e non rivoltare il sottobosco: è vietato quasi ovunque e distrugge il terreno.`,
    },
    kitchen: {
      title: 'Dal bosco alla cucina',
      body: `A casa, prima di tutto, porta il raccolto all'Ispettorato Micologico della tua ASL o a un micologo: il controllo è gratuito e bastano pochi minuti.

Il porcino si conserva poco: puliscilo con un panno umido o un coltellino, senza lavarlo sotto l'acqua, e cucinalo entro uno o due giorni, tenendolo in frigorifero in un contenitore aperto. Elimina le parti con le gallerie delle larve e i tubuli molli degli esemplari maturi.

Per conservarlo più a lungo si può essiccare a fette sottili o congelare, meglio se già cotto. I porcini vanno sempre mangiati cotti e con moderazione: anche un fungo commestibile, in quantità, è un cibo pesante da digerire.`,
    },
  },
  species: {
    'boletus-edulis': {
      description:
        'Cappello da nocciola a bruno, tubuli bianchi poi giallo-verdi, carne bianca immutabile al taglio, gambo chiaro e panciuto con un reticolo fine e chiaro in alto. Faggete e abetaie, da agosto a ottobre.',
      lookAlikes: {
        'tylopilus-felleus':
          'Tubuli che diventano rosa, reticolo del gambo grosso e bruno scuro, sapore amarissimo. Non velenoso, ma rovina qualsiasi piatto.',
        'rubroboletus-satanas':
          'Cappello biancastro o grigio, pori rossi, reticolo rosso sul gambo, carne che diventa blu al taglio. Causa una grave intossicazione gastrointestinale.',
      },
    },
    'boletus-aereus': {
      description:
        'Cappello bruno scuro, quasi nero, vellutato; gambo nocciola con reticolo fine; carne bianca e soda. Castagneti e querceti caldi, da luglio a ottobre.',
      lookAlikes: {
        'tylopilus-felleus':
          'Cappello più chiaro e tubuli rosati; il reticolo scuro e grossolano sul gambo e il sapore amaro lo tradiscono.',
      },
    },
  },
};

import type { GuideText } from '../types.ts';

export const it: GuideText = {
  title: 'Le regole della raccolta dei funghi in Italia',
  summary:
    'Permessi, limiti giornalieri, orari, attrezzi e cestini: cosa prevede la legge nazionale, cosa cambia da regione a regione e come sapere quali regole valgono nel bosco dove vai.',
  sections: {
    framework: {
      title: 'Una legge nazionale, venti regole regionali',
      body: `In Italia la raccolta dei funghi spontanei è regolata da una legge quadro nazionale, la **legge 352 del 1993**, che fissa i principi: proteggere il bosco, limitare le quantità, garantire che i funghi venduti siano controllati. Le regole di dettaglio le scrivono però le **regioni**, e spesso anche le province autonome, le unioni montane, i comuni e i consorzi che gestiscono i boschi.

Il risultato è che due boschi a pochi chilometri di distanza possono avere regole diverse: un permesso diverso, un limite diverso, giorni di chiusura diversi. Non esiste quindi «la regola italiana» da imparare una volta per tutte.

Prima di ogni uscita conviene sapere tre cose: **chi gestisce l'area**, **quale permesso serve** e **quali limiti valgono**. Su Sentiero ogni area ha la sua pagina con il permesso in vendita e il regolamento da scaricare: è il modo più rapido per partire in regola. Questa guida spiega i punti che quasi ovunque ritornano, così da leggere quei regolamenti senza sorprese.`,
    },
    permits: {
      title: 'Il permesso',
      body: `Quasi tutte le regioni chiedono un **titolo per raccogliere**: un tesserino regionale, un'autorizzazione annuale o un permesso giornaliero, settimanale o stagionale per una certa area. In alcune regioni il tesserino si ottiene dopo un breve corso sul riconoscimento dei funghi e sul rispetto del bosco.

- Il permesso è **personale**: va portato con sé insieme a un documento e mostrato alle guardie che lo chiedono.
- Spesso chi **risiede** nella zona ha condizioni diverse da chi viene da fuori: prezzi, limiti o giorni.
- In molte regioni i **ragazzi** accompagnati da un adulto con permesso pagano meno o nulla: in Piemonte, per esempio, i minori di 14 anni non pagano.
- Nelle aree gestite da consorzi o comunità (le classiche «riserve» di funghi) il permesso dell'area si aggiunge alle regole regionali.

Il permesso comprato su Sentiero è nominativo e vale per le date scelte: lo trovi nei tuoi biglietti anche senza rete.`,
    },
    'limits-hours': {
      title: 'Limiti, orari e giorni',
      body: `La legge nazionale fissa un tetto di **3 kg a persona al giorno**, superabile solo se un unico esemplare o un unico cespo pesa di più. Molte regioni e aree scendono a **2 kg**, e alcune fissano limiti più bassi per le specie più ricercate.

- **Orari**: la raccolta di notte è vietata quasi ovunque; spesso è permessa da un'ora prima dell'alba a un'ora dopo il tramonto, o solo di giorno.
- **Giorni di chiusura**: alcune zone chiudono la raccolta in certi giorni della settimana per far riposare il bosco.
- **Misure minime**: molte regioni vietano i porcini troppo piccoli e l'ovolo buono (*Amanita caesarea*) ancora chiuso nell'«uovo».
- **Specie protette**: alcune regioni vietano del tutto la raccolta di specie rare.

Nei giorni buoni le guardie pesano i cestini: il limite vale per persona, non per famiglia, e non si «presta» a chi non ha il permesso.`,
    },
    'how-to-pick': {
      title: 'Come si raccoglie',
      body: `Qui le regole sono quasi le stesse in tutta Italia, perché vengono dalla legge nazionale.

- **Niente rastrelli, uncini o attrezzi** che smuovono lo strato di foglie e terriccio: distruggono il micelio.
- **Pulizia sommaria sul posto**: terra, foglie e parti rovinate restano nel bosco, dove le spore possono germinare.
- **Contenitori rigidi e aerati**, come i cestini di vimini: i sacchetti di plastica sono vietati.
- **Funghi interi e riconoscibili**: non tagliarli a pezzi nel bosco, così il micologo e le guardie possono identificarli.
- **Non raccogliere funghi che non conosci** «per farli vedere»: se proprio vuoi un parere, prendine uno solo, intero, separato dagli altri.

Chi vende funghi spontanei deve farli certificare dall'Ispettorato Micologico: regalarli o venderli senza controllo è vietato e pericoloso.`,
    },
    'parks-fines': {
      title: 'Parchi, proprietà private e sanzioni',
      body: `Nei **parchi nazionali e regionali** valgono i regolamenti del parco: spesso la raccolta è vietata nelle zone di riserva integrale e permessa altrove solo ai residenti o con un permesso del parco.

I **fondi privati recintati** e le aree segnalate da cartelli di divieto sono esclusi: il proprietario può riservarsi la raccolta. Anche prati falciabili, castagneti da frutto e vivai forestali hanno spesso regole proprie.

Le **sanzioni** sono amministrative e possono arrivare a diverse centinaia di euro, con il sequestro dei funghi. Si rischiano per raccolta senza permesso, fuori orario, oltre il limite, con attrezzi vietati o con sacchetti di plastica.`,
    },
    abroad: {
      title: 'In Svizzera, Slovenia e Spagna',
      body: `- **Svizzera**: le regole sono cantonali. Molti cantoni fissano un limite giornaliero a persona, spesso di 1–2 kg, e alcuni giorni di divieto al mese. In quasi tutti i comuni c'è un controllo ufficiale dei funghi gratuito.
- **Slovenia**: una norma nazionale limita la raccolta a **2 kg a persona al giorno**, protegge alcune specie e vieta la raccolta in certe zone protette; nel Parco nazionale del Triglav valgono regole più strette.
- **Spagna**: decidono le comunità autonome e spesso i comuni. In molte zone, per esempio in Castiglia e León, esistono aree micologiche regolate dove serve un permesso, giornaliero o stagionale, con limiti propri.

Ovunque tu vada, la pagina dell'area su Sentiero indica il permesso giusto e il regolamento locale.`,
    },
  },
  species: {},
};

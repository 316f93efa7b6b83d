import type { GuideText } from '../types.ts';

export const it: GuideText = {
  title: 'Pesca in lago: dove stanno i pesci e come pescarli',
  summary:
    "Come cambia un lago con le stagioni, le regole dei grandi laghi (anche quelli condivisi con la Svizzera), le tecniche da riva e da barca e come stare al sicuro sull'acqua.",
  sections: {
    'lake-basics': {
      title: 'Capire un lago',
      body: `Un lago sembra immobile, ma i pesci si spostano molto nel corso dell'anno. Capire dove sono conta più dell'esca.

- **Primavera**: l'acqua di riva si scalda prima. Lucci e persici si avvicinano alle sponde, ai canneti e alle baie poco profonde per riprodursi. È anche il periodo dei divieti: informati prima di partire.
- **Estate**: l'acqua in superficie diventa calda e povera di ossigeno. I pesci scendono dove l'acqua è fresca, spesso oltre i 10–15 metri, e tornano verso riva all'alba e al tramonto.
- **Autunno**: l'acqua si rimescola e i predatori cacciano con decisione lungo le scarpate e le punte. È la stagione migliore per persico e luccio.
- **Inverno**: i pesci sono lenti e profondi; si pesca poco e con esche piccole.

Cerca i **cambi di fondale**: le scarpate dove il fondo scende all'improvviso, le punte che entrano nel lago, le foci dei torrenti, i moli, i pali e le piante sommerse. I pesci si radunano dove c'è riparo e dove passa il cibo.

Il vento conta: la riva dove il vento spinge l'acqua accumula cibo e spesso pesci, ma lì anche le onde sono più forti.`,
    },
    rules: {
      title: 'Le regole dei laghi',
      body: `Per pescare in lago servono, come nei fiumi, la **licenza regionale** e, dove richiesto, la tessera FIPSAS e un permesso. In molti laghi la pesca da riva è libera con la sola licenza, mentre la **pesca da barca** e la traina chiedono un permesso in più e regole sul numero di canne e di ami.

- **Divieti di riproduzione**: ogni specie ha il suo periodo protetto, per esempio il luccio a fine inverno e il persico in primavera. Le date cambiano da lago a lago.
- **Misure minime e numero di capi**: sono fissati per specie, spesso con limiti più stretti per il persico e il coregone.
- **Laghi condivisi**: sul Lago Maggiore e sul Lago di Lugano, in parte svizzeri, valgono le regole di una convenzione italo-svizzera sulla pesca; controlla quale permesso vale sulla sponda dove peschi.
- **Zone vietate**: porti, spiagge balneabili d'estate, zone di protezione della fauna e accanto alle prese d'acqua.

La pagina dell'area su Sentiero indica il permesso giusto e il regolamento del lago da scaricare.`,
    },
    techniques: {
      title: 'Le tecniche',
      body: `- **Galleggiante da riva**: la tecnica più semplice, con un lombrico o una camola, per persici e pesci bianchi vicino ai moli e ai canneti.
- **Pesca a fondo**: una piombatura scorrevole e un'esca sul fondo, per carpe, tinche e anguille dove permesso. Pazienza e un buon supporto per la canna.
- **Spinning e artificiali morbidi**: piccoli siliconi e cucchiaini lungo le scarpate per il persico, esche più grandi per il luccio. Per il luccio serve sempre un **terminale in acciaio**: i suoi denti tagliano il nylon.
- **Da barca**: la traina con esche trainate a diverse profondità, o la pesca verticale sulle scarpate con l'ecoscandaglio. Il coregone si pesca al largo, in profondità, con piccole esche e molta delicatezza.

Un luccio si maneggia con cura: pinza lunga, una mano sotto la pancia e una dietro la testa, mai sollevato per le branchie.`,
    },
    'safety-water': {
      title: "Sicuri sull'acqua",
      body: `Sui laghi il tempo cambia in fretta. Molti laghi alpini hanno **venti regolari**: una brezza da nord al mattino e una da sud nel pomeriggio, che in poche decine di minuti alzano onde alte. D'estate i temporali arrivano con raffiche improvvise.

- **Guarda le previsioni** prima di uscire e rientra al primo segnale di temporale.
- **Le canne in carbonio conducono**: al primo tuono posale e allontanati dall'acqua e dai punti alti.
- **In barca indossa il giubbotto salvagente**, sempre: l'acqua dei laghi profondi è fredda anche d'estate e lo shock da freddo toglie le forze in pochi minuti.
- Sui laghi svizzeri e su alcuni laghi di confine le **luci di allerta** a riva lampeggiano lentamente per avvisare di un pericolo e velocemente per la tempesta in arrivo.
- Di' a qualcuno dove vai e quando pensi di rientrare; in emergenza chiama il **112**.`,
    },
  },
  species: {
    'perca-fluviatilis': {
      description:
        'Corpo verdastro con 5–8 bande scure verticali, prima pinna dorsale spinosa con una macchia nera, pinne ventrali arancioni. Vive in branchi lungo scarpate e moli.',
      lookAlikes: {
        'sander-lucioperca':
          'Più allungato, con denti aguzzi e occhi grandi e vitrei; le bande sono meno nette. Ha misure minime e periodi di divieto propri.',
      },
    },
    'esox-lucius': {
      description:
        "Corpo lungo e cilindrico, muso a becco d'anatra pieno di denti, fianchi verdi con macchie chiare. Caccia all'agguato tra canneti e piante sommerse.",
      lookAlikes: {},
    },
    'coregonus-lavaretus': {
      description:
        'Corpo argenteo e slanciato, bocca piccola senza denti, pinna adiposa. Vive in branchi in acque profonde e fresche; si riproduce in inverno ed è molto apprezzato in cucina.',
      lookAlikes: {},
    },
  },
};

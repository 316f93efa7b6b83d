import type { SeedBlogPost } from './types.ts';

/** Blog posts in five languages; bodies are markdown with `## ` section headings. */
export const seedBlogPosts: readonly SeedBlogPost[] = [
  {
    sku: 'porcini-season-val-taro',
    publishedAt: '2026-08-27',
    activity: 'mushroom-foraging',
    area: 'val-taro',
    title: {
      it: 'Stagione dei porcini in Val Taro: quando e dove andare',
      en: 'Porcini season in the Taro valley: when and where to go',
      es: 'Temporada de boletus en el valle del Taro: cuándo y dónde ir',
      de: 'Steinpilzsaison im Val Taro: wann und wo',
      sl: 'Sezona jurčkov v dolini Taro: kdaj in kam',
    },
    excerpt: {
      it: 'Quando spuntano i porcini di Borgotaro, dove cercarli e quali regole e buone maniere deve conoscere ogni cercatore.',
      en: 'When the Borgotaro porcini come up, where to look for them and the rules and etiquette every picker should know.',
      es: 'Cuándo salen los boletus de Borgotaro, dónde buscarlos y qué normas y buenas costumbres debe conocer todo recolector.',
      de: 'Wann die Steinpilze von Borgotaro wachsen, wo man sie findet und welche Regeln und Umgangsformen jeder Sammler kennen sollte.',
      sl: 'Kdaj rastejo jurčki iz Borgotara, kje jih iskati ter kaj mora vsak gobar vedeti o pravilih in lepem vedenju v gozdu.',
    },
    body: {
      it: `## L'unico fungo con l'IGP

L'alta Val Taro, nell'Appennino a sud-ovest di Parma, è la patria del Fungo di Borgotaro, riconosciuto nel 1996 come indicazione geografica protetta e ancora oggi l'unico fungo in Europa con questo marchio. Il nome comprende quattro specie di porcini, Boletus edulis, B. aereus, B. pinophilus e B. aestivalis, che crescono spontanei nei boschi di Borgo Val di Taro, Albareto e dei comuni vicini, fino in Toscana, tra Pontremoli e Zeri.

## Quando andare

I primi porcini estivi (B. aestivalis) possono comparire già tra fine maggio e giugno, ma la stagione vera va da fine agosto alla fine di ottobre. Conta soprattutto il meteo: una bella pioggia abbondante seguita da giornate tiepide e notti fresche di solito porta una buttata dopo una settimana o dieci giorni. Dopo un periodo secco o una gelata precoce i boschi possono restare vuoti per settimane, quindi tieni d'occhio le previsioni e resta flessibile con le date.

## Dove cercare

Sui crinali più alti cerca i porcini nelle faggete; più in basso, nei castagneti e nei querceti, soprattutto sui versanti che trattengono un po' di umidità. Gran parte dei boschi è organizzata in riserve di raccolta gestite dalle comunità locali, ognuna con il proprio permesso, i propri confini e le proprie regole. Il permesso vale solo nella riserva per cui è stato rilasciato: controlla la cartina prima di partire.

## Regole e buone maniere

Porta con te il permesso e un documento d'identità e rispetta il limite giornaliero, i giorni e gli orari di raccolta previsti dalla tua riserva. Usa un cestino di vimini o un altro contenitore rigido e aerato, così le spore si disperdono mentre cammini: i sacchetti di plastica sono vietati. Raccogli i funghi interi, con il gambo, e puliscili sommariamente sul posto. Non usare mai rastrelli o uncini e non rivoltare lo strato di foglie.

Raccogli solo i funghi che conosci con certezza e lascia quelli piccolissimi e quelli vecchi. Resta sui sentieri quando puoi, richiudi i cancelli e riporta a casa i rifiuti. Le regole cambiano da riserva a riserva: controlla sempre le regole dell'area prima di ogni uscita.`,
      en: `## The only mushroom with an IGP

The upper Taro valley, in the Apennines south-west of Parma, is the home of the Fungo di Borgotaro, recognised in 1996 as a protected geographical indication (IGP) and still the only mushroom in Europe with that status. The name covers four species of porcini, Boletus edulis, B. aereus, B. pinophilus and B. aestivalis, growing wild in the woods of Borgo Val di Taro, Albareto and the neighbouring municipalities, as far as Pontremoli and Zeri across the border in Tuscany.

## When to go

The first summer porcini (B. aestivalis) can appear as early as late May or June, but the main season runs from late August to the end of October. What matters most is the weather: a good soaking rain followed by warm days and cool nights usually brings a flush about a week to ten days later. After a dry spell or an early frost the woods can stay empty for weeks, so watch the forecast and be flexible with your dates.

## Where to look

On the higher ridges, look for porcini in beech woods; lower down, in chestnut and oak woods, especially on slopes that hold some moisture. Much of the woodland is organised into picking reserves managed by local communities, each with its own permit, boundaries and rules. Your permit is valid only in the reserve it was issued for, so check the map before you set off.

## Rules and etiquette

Carry your permit and an ID document, and respect the daily limit and the picking days and hours set for your reserve. Use a wicker basket or another rigid, ventilated container so that spores can fall as you walk: plastic bags are not allowed. Pick mushrooms whole, with the stem, and brush off the soil on the spot. Never use rakes or hooks, and do not turn over the leaf litter.

Pick only mushrooms you are certain of, and leave the very small ones and the old ones. Keep to paths where you can, close gates behind you and take your litter home. Rules change from reserve to reserve, so always check the area rules before each outing.`,
      es: `## La única seta con IGP

El alto valle del Taro, en los Apeninos al suroeste de Parma, es la tierra del Fungo di Borgotaro, reconocido en 1996 como indicación geográfica protegida y todavía hoy la única seta de Europa con esta distinción. El nombre abarca cuatro especies de boletus (Boletus edulis, B. aereus, B. pinophilus y B. aestivalis) que crecen de forma silvestre en los bosques de Borgo Val di Taro, Albareto y los municipios vecinos, hasta Pontremoli y Zeri, ya en la Toscana.

## Cuándo ir

Los primeros boletus de verano (B. aestivalis) pueden salir ya entre finales de mayo y junio, pero la temporada fuerte va de finales de agosto a finales de octubre. Lo que más cuenta es el tiempo: una buena lluvia seguida de días templados y noches frescas suele traer una buena salida de setas al cabo de una semana o diez días. Tras una racha seca o una helada temprana, el bosque puede quedarse vacío durante semanas, así que sigue la previsión y sé flexible con las fechas.

## Dónde buscar

En las cumbres más altas, busca los boletus en los hayedos; más abajo, en los castañares y robledales, sobre todo en laderas que conservan algo de humedad. Gran parte del bosque está organizada en reservas de recolección gestionadas por las comunidades locales, cada una con su permiso, sus límites y sus normas. El permiso solo vale en la reserva para la que se expidió, así que consulta el mapa antes de salir.

## Normas y buenas costumbres

Lleva contigo el permiso y un documento de identidad, y respeta el límite diario y los días y horarios de recolección de tu reserva. Usa una cesta de mimbre u otro recipiente rígido y aireado para que las esporas caigan mientras caminas: las bolsas de plástico están prohibidas. Recoge las setas enteras, con el pie, y límpialas por encima allí mismo. No uses nunca rastrillos ni ganchos y no remuevas la hojarasca.

Recoge solo las setas que conozcas con seguridad y deja las muy pequeñas y las pasadas. Ve por los senderos siempre que puedas, cierra las cancelas y llévate la basura. Las normas cambian de una reserva a otra, así que consulta siempre las normas de la zona antes de cada salida.`,
      de: `## Der einzige Pilz mit g.g.A.

Das obere Val Taro im Apennin südwestlich von Parma ist die Heimat des Fungo di Borgotaro. Er wurde 1996 als geschützte geografische Angabe (g.g.A.) anerkannt und ist bis heute der einzige Pilz in Europa mit diesem Status. Der Name umfasst vier Steinpilzarten – Boletus edulis, B. aereus, B. pinophilus und B. aestivalis –, die wild in den Wäldern von Borgo Val di Taro, Albareto und den Nachbargemeinden wachsen, bis hinüber nach Pontremoli und Zeri in der Toskana.

## Die richtige Zeit

Die ersten Sommersteinpilze (B. aestivalis) können schon Ende Mai oder im Juni erscheinen, die eigentliche Saison reicht aber von Ende August bis Ende Oktober. Entscheidend ist das Wetter: Ein kräftiger Regen, gefolgt von warmen Tagen und kühlen Nächten, bringt meist nach einer Woche bis zehn Tagen einen neuen Schub. Nach einer Trockenperiode oder frühem Frost können die Wälder wochenlang leer bleiben. Behalten Sie also die Wettervorhersage im Blick und planen Sie flexibel.

## Wo suchen?

Auf den höheren Kämmen suchen Sie Steinpilze in Buchenwäldern, weiter unten in Kastanien- und Eichenwäldern, vor allem an Hängen, die etwas Feuchtigkeit halten. Ein Großteil der Wälder ist in Sammelreviere eingeteilt, die von den örtlichen Gemeinschaften verwaltet werden, jedes mit eigener Genehmigung, eigenen Grenzen und eigenen Regeln. Ihre Genehmigung gilt nur in dem Revier, für das sie ausgestellt wurde; werfen Sie also vor dem Aufbruch einen Blick auf die Karte.

## Regeln und Umgangsformen

Haben Sie Ihre Genehmigung und einen Ausweis dabei und halten Sie sich an die Tageshöchstmenge sowie an die Sammeltage und -zeiten Ihres Reviers. Verwenden Sie einen Weidenkorb oder ein anderes festes, luftdurchlässiges Behältnis, damit beim Gehen Sporen herausfallen können; Plastiktüten sind verboten. Sammeln Sie die Pilze vollständig, mit Stiel, und putzen Sie sie grob vor Ort. Benutzen Sie niemals Rechen oder Haken und wühlen Sie die Laubschicht nicht auf.

Nehmen Sie nur Pilze mit, die Sie sicher kennen, und lassen Sie sehr kleine und alte Exemplare stehen. Bleiben Sie nach Möglichkeit auf den Wegen, schließen Sie Gatter hinter sich und nehmen Sie Ihren Abfall wieder mit. Die Regeln unterscheiden sich von Revier zu Revier, prüfen Sie daher vor jedem Ausflug die Regeln des Gebiets.`,
      sl: `## Edina goba z zaščiteno geografsko označbo

Zgornja dolina reke Taro v Apeninih jugozahodno od Parme je dom gobe Fungo di Borgotaro, ki je leta 1996 dobila zaščiteno geografsko označbo (IGP) in je še danes edina goba v Evropi s tem statusom. Ime zajema štiri vrste jurčkov – Boletus edulis, B. aereus, B. pinophilus in B. aestivalis –, ki samoniklo rastejo v gozdovih občin Borgo Val di Taro in Albareto ter sosednjih občin, vse do Toskane, kjer območje obsega še občini Pontremoli in Zeri.

## Kdaj se odpraviti

Prvi poletni jurčki (B. aestivalis) se lahko pokažejo že konec maja ali junija, prava sezona pa traja od konca avgusta do konca oktobra. Najpomembnejše je vreme: izdaten dež, ki mu sledijo topli dnevi in hladne noči, navadno po tednu ali desetih dneh prinese nov val jurčkov. Po sušnem obdobju ali zgodnjem mrazu so gozdovi lahko več tednov prazni, zato spremljajte vremensko napoved in bodite pri izbiri datumov prilagodljivi.

## Kje iskati

Na višjih grebenih iščite jurčke v bukovih gozdovih, nižje pa v kostanjevih in hrastovih, zlasti na pobočjih, ki ohranjajo nekaj vlage. Večina gozdov je razdeljena na območja za nabiranje, ki jih upravljajo lokalne skupnosti; vsako ima svojo dovolilnico, svoje meje in svoja pravila. Dovolilnica velja le na območju, za katero je bila izdana, zato si pred odhodom oglejte zemljevid.

## Pravila in lepo vedenje

S seboj imejte dovolilnico in osebni dokument ter upoštevajte dnevno omejitev ter dneve in ure nabiranja, ki veljajo na vašem območju. Uporabljajte pleteno košaro ali drugo trdno, zračno posodo, da med hojo trosi padajo na tla; plastične vrečke so prepovedane. Gobe naberite cele, z betom, in jih grobo očistite že na mestu. Nikoli ne uporabljajte grabelj ali kavljev in ne razkopavajte listja.

Naberite le gobe, ki jih zanesljivo poznate, zelo majhne in stare pa pustite. Kadar je mogoče, ostanite na poteh, za seboj zapirajte vrata na pašnikih in odpadke odnesite domov. Pravila se od območja do območja razlikujejo, zato pred vsakim izletom preverite pravila območja.`,
    },
  },
  {
    sku: 'mushroom-permits-italy',
    publishedAt: '2026-06-18',
    activity: 'mushroom-foraging',
    title: {
      it: 'Come funzionano i permessi per la raccolta funghi in Italia',
      en: 'How mushroom permits work in Italy',
      es: 'Cómo funcionan los permisos de recolección de setas en Italia',
      de: 'So funktionieren Pilzsammelgenehmigungen in Italien',
      sl: 'Kako delujejo dovolilnice za nabiranje gob v Italiji',
    },
    excerpt: {
      it: 'Regole regionali, limiti giornalieri e controlli: cosa sapere prima di andare per funghi in Italia.',
      en: 'Regional rules, daily limits and checks: what to know before you go mushroom picking in Italy.',
      es: 'Normas regionales, límites diarios y controles: lo que conviene saber antes de salir a por setas en Italia.',
      de: 'Regionale Vorschriften, Tageshöchstmengen und Kontrollen: Was Sie wissen sollten, bevor Sie in Italien Pilze sammeln.',
      sl: 'Regionalna pravila, dnevne omejitve in nadzor: kaj morate vedeti, preden se v Italiji odpravite po gobe.',
    },
    body: {
      it: `## Una legge nazionale, tante regole diverse

In Italia la raccolta dei funghi è disciplinata da una legge quadro nazionale del 1993, ma i dettagli sono affidati alle regioni e alle province autonome di Trento e Bolzano. Per questo le regole del Piemonte sono diverse da quelle della Toscana o del Trentino, e comuni, enti montani e parchi possono aggiungerne di proprie.

## Il permesso

Quasi ovunque serve un permesso per raccogliere funghi spontanei, spesso chiamato tesserino. Può essere regionale, valido in tutta la regione, oppure locale, rilasciato per una singola riserva o un singolo comune. A seconda della zona si trovano permessi giornalieri, settimanali, stagionali o pluriennali: il Piemonte, per esempio, prevede un titolo regionale valido uno, due o tre anni.

In alcune regioni il permesso è legato alla frequenza di un breve corso di micologia. Residenti e proprietari dei fondi spesso pagano meno o ne sono esentati.

## Limiti giornalieri e altre regole

La maggior parte delle regioni fissa un limite giornaliero a persona, di solito tra 2 e 3 kg di funghi in tutto, talvolta con limiti più severi o divieti per alcune specie. Molte stabiliscono anche giorni e orari di raccolta, vietano la raccolta notturna, fissano una dimensione minima per alcune specie o chiudono per qualche anno determinati boschi per farli rigenerare.

I funghi vanno raccolti interi, perché si possano identificare, e trasportati in contenitori rigidi e aerati come il cestino, mai in sacchetti di plastica. I valori esatti cambiano, quindi controlla sempre le regole dell'area indicate con il tuo permesso.

## Chi controlla

I controlli spettano ai Carabinieri forestali, alla polizia provinciale e municipale, ai guardiaparco e alle guardie ecologiche volontarie; nelle regioni a statuto speciale, anche ai rispettivi corpi forestali. Possono chiederti il permesso e un documento e pesare il cestino. Chi viola le regole rischia una sanzione e, nella maggior parte dei casi, la confisca dei funghi.

Un ultimo consiglio: se non sei del tutto sicuro di un fungo, portalo all'ispettorato micologico dell'ASL, che in molte località durante la stagione controlla gratuitamente i funghi raccolti.`,
      en: `## One national law, many different rules

Mushroom picking in Italy is governed by a national framework law from 1993, but the details are left to the regions and to the autonomous provinces of Trento and Bolzano. That is why the rules in Piedmont differ from those in Tuscany or Trentino, and why municipalities, mountain authorities and parks can add rules of their own.

## The permit

Almost everywhere you need a permit to pick wild mushrooms, often called a tesserino. It can be regional, valid across the whole region, or local, issued for a single reserve or municipality. Depending on the area, permits are sold for a day, a week, a season or several years: Piedmont, for example, offers a regional permit valid for one, two or three years.

In some regions the permit is linked to attending a short mycology course. Residents and landowners often pay less or are exempt.

## Daily limits and other rules

Most regions set a daily limit per person, usually between 2 and 3 kg of mushrooms in total, sometimes with stricter limits or bans for certain species. Many also set picking days and hours, ban picking at night, fix a minimum size for some species or close certain woods for a few years so that they can recover.

Mushrooms must be picked whole, so that they can be identified, and carried in a rigid, ventilated container such as a basket, never in plastic bags. The exact figures vary, so always check the area rules that come with your permit.

## Who checks

Checks are carried out by the Carabinieri forestry units, provincial and municipal police, park rangers and volunteer environmental wardens; in the regions with special autonomy, also by their own forest services. They can ask for your permit and an ID document and weigh your basket. Breaking the rules means a fine and, in most cases, the confiscation of the mushrooms.

A last tip: if you are not completely sure about a mushroom, take it to the mycological inspectorate of the local health authority (ASL), which in many places checks pickers' mushrooms free of charge during the season.`,
      es: `## Una ley nacional y muchas normas distintas

En Italia la recolección de setas se rige por una ley marco nacional de 1993, pero los detalles quedan en manos de las regiones y de las provincias autónomas de Trento y Bolzano. Por eso las normas del Piamonte no son las mismas que las de la Toscana o el Trentino, y los ayuntamientos, las entidades de montaña y los parques pueden añadir las suyas.

## El permiso

Casi en todas partes hace falta un permiso para recoger setas silvestres, que a menudo se llama tesserino. Puede ser regional, válido en toda la región, o local, expedido para una sola reserva o un solo municipio. Según la zona hay permisos de un día, de una semana, de temporada o plurianuales: el Piamonte, por ejemplo, ofrece un permiso regional válido durante uno, dos o tres años.

En algunas regiones el permiso va ligado a la asistencia a un breve curso de micología. Los residentes y los propietarios de los terrenos suelen pagar menos o están exentos.

## Límites diarios y otras normas

La mayoría de las regiones fija un límite diario por persona, normalmente de entre 2 y 3 kg de setas en total, a veces con límites más estrictos o prohibiciones para algunas especies. Muchas establecen además días y horarios de recolección, prohíben recoger de noche, fijan un tamaño mínimo para ciertas especies o cierran algunos bosques durante unos años para que se regeneren.

Las setas deben recogerse enteras, para poder identificarlas, y transportarse en recipientes rígidos y aireados, como una cesta, nunca en bolsas de plástico. Las cifras exactas varían, así que consulta siempre las normas de la zona que acompañan a tu permiso.

## Quién controla

Los controles corresponden a los Carabinieri forestales, a la policía provincial y municipal, a los guardas de los parques y a los guardas ecológicos voluntarios; en las regiones con estatuto especial, también a sus propios cuerpos forestales. Pueden pedirte el permiso y un documento de identidad y pesar tu cesta. Quien incumple las normas se expone a una multa y, en la mayoría de los casos, al decomiso de las setas.

Un último consejo: si no estás del todo seguro de una seta, llévala al servicio micológico de la sanidad pública local (ASL), que en muchos sitios revisa gratis las setas de los recolectores durante la temporada.`,
      de: `## Ein Rahmengesetz, viele Regeln

Das Pilzsammeln ist in Italien durch ein nationales Rahmengesetz von 1993 geregelt, die Einzelheiten legen jedoch die Regionen und die autonomen Provinzen Trient und Bozen fest. Deshalb gelten im Piemont andere Regeln als in der Toskana oder im Trentino, und Gemeinden, Berggemeinschaften und Naturparks können eigene Vorschriften hinzufügen.

## Die Genehmigung

Fast überall brauchen Sie eine Genehmigung, um wild wachsende Pilze zu sammeln; in Italien heißt sie oft tesserino. Sie kann regional gelten, also in der ganzen Region, oder lokal, ausgestellt für ein einzelnes Revier oder eine einzelne Gemeinde. Je nach Gebiet gibt es Genehmigungen für einen Tag, eine Woche, eine Saison oder mehrere Jahre: Das Piemont etwa bietet eine regionale Genehmigung mit einer Laufzeit von einem, zwei oder drei Jahren.

In einigen Regionen ist die Genehmigung an den Besuch eines kurzen Pilzkundekurses gebunden. Einheimische und Grundeigentümer zahlen oft weniger oder sind befreit.

## Tageshöchstmengen und weitere Regeln

Die meisten Regionen legen eine Tageshöchstmenge pro Person fest, meist 2 bis 3 kg Pilze insgesamt, teils mit strengeren Grenzen oder Verboten für bestimmte Arten. Viele bestimmen außerdem Sammeltage und -zeiten, verbieten das Sammeln bei Nacht, schreiben für einige Arten eine Mindestgröße vor oder sperren bestimmte Wälder für einige Jahre, damit sie sich erholen können.

Pilze müssen vollständig gesammelt werden, damit sie bestimmbar bleiben, und in festen, luftdurchlässigen Behältnissen wie einem Korb transportiert werden, niemals in Plastiktüten. Die genauen Werte sind unterschiedlich, prüfen Sie daher immer die Regeln des Gebiets, die Sie mit Ihrer Genehmigung erhalten.

## Wer kontrolliert

Kontrolliert wird von den Forsteinheiten der Carabinieri, der Provinz- und Gemeindepolizei, Parkwächtern und ehrenamtlichen Umweltwächtern; in den Regionen mit Sonderstatut auch von deren eigenen Forstdiensten. Sie können Ihre Genehmigung und einen Ausweis verlangen und Ihren Korb wiegen. Wer gegen die Regeln verstößt, muss mit einem Bußgeld und in den meisten Fällen mit der Beschlagnahme der Pilze rechnen.

Noch ein Tipp: Wenn Sie sich bei einem Pilz nicht ganz sicher sind, bringen Sie ihn zur Pilzberatungsstelle des örtlichen Gesundheitsdienstes (ASL), die in der Saison vielerorts die Funde von Sammlern kostenlos kontrolliert.`,
      sl: `## En državni zakon, veliko različnih pravil

Nabiranje gob v Italiji ureja državni okvirni zakon iz leta 1993, podrobnosti pa določajo dežele ter avtonomni pokrajini Trento in Bolzano. Zato v Piemontu veljajo drugačna pravila kot v Toskani ali na Trentinskem, občine, gorske skupnosti in parki pa lahko dodajo še svoja.

## Dovolilnica

Skoraj povsod za nabiranje samoniklih gob potrebujete dovolilnico, ki ji Italijani pogosto rečejo tesserino. Lahko je deželna in velja v vsej deželi ali pa lokalna, izdana za posamezno območje ali občino. Glede na kraj so na voljo dnevne, tedenske, sezonske ali večletne dovolilnice: Piemont na primer ponuja deželno dovolilnico, ki velja eno, dve ali tri leta.

V nekaterih deželah je dovolilnica vezana na obisk kratkega tečaja mikologije. Domačini in lastniki zemljišč pogosto plačajo manj ali so plačila oproščeni.

## Dnevne omejitve in druga pravila

Večina dežel določa dnevno omejitev na osebo, navadno od 2 do 3 kg gob skupaj, ponekod s strožjimi omejitvami ali prepovedmi za nekatere vrste. Mnoge določajo tudi dneve in ure nabiranja, prepovedujejo nabiranje ponoči, predpisujejo najmanjšo velikost nekaterih vrst ali za nekaj let zaprejo posamezne gozdove, da si opomorejo.

Gobe je treba nabirati cele, da jih je mogoče določiti, in jih prenašati v trdni, zračni posodi, na primer v košari, nikoli v plastičnih vrečkah. Natančne vrednosti se razlikujejo, zato vedno preverite pravila območja, ki jih dobite z dovolilnico.

## Kdo nadzoruje

Nadzor izvajajo gozdarske enote karabinjerjev, pokrajinska in občinska policija, nadzorniki parkov in prostovoljni okoljski čuvaji, v deželah s posebnim statutom pa tudi njihove lastne gozdarske službe. Od vas lahko zahtevajo dovolilnico in osebni dokument ter stehtajo vašo košaro. Kršitelje čaka globa, v večini primerov pa tudi zaseg gob.

Še zadnji nasvet: če glede kake gobe niste povsem prepričani, jo odnesite v mikološko svetovalnico lokalne zdravstvene službe (ASL), ki v sezoni marsikje brezplačno pregleda nabrane gobe.`,
    },
  },
  {
    sku: 'first-time-rafting-soca',
    publishedAt: '2026-05-14',
    activity: 'rafting',
    area: 'dolina-soce',
    title: {
      it: "Il primo rafting sull'Isonzo: cosa indossare, età minima e sicurezza",
      en: 'Your first rafting trip on the Soča: what to wear, minimum age and safety',
      es: 'Tu primer rafting en el Soča: qué ponerse, edad mínima y seguridad',
      de: 'Ihre erste Raftingtour auf der Soča: Kleidung, Mindestalter und Sicherheit',
      sl: 'Vaš prvi rafting na Soči: oblačila, starostna meja in varnost',
    },
    excerpt: {
      it: "Tutto quello che un principiante deve sapere prima di affrontare le rapide color smeraldo dell'Isonzo vicino a Bovec.",
      en: 'Everything a beginner needs to know before paddling the emerald rapids of the Soča near Bovec.',
      es: 'Todo lo que un principiante debe saber antes de bajar los rápidos color esmeralda del Soča, cerca de Bovec.',
      de: 'Alles, was Einsteiger wissen sollten, bevor sie die smaragdgrünen Stromschnellen der Soča bei Bovec hinunterpaddeln.',
      sl: 'Vse, kar mora začetnik vedeti, preden se spusti po smaragdnih brzicah Soče pri Bovcu.',
    },
    body: {
      it: `## Perché l'Isonzo è perfetto per cominciare

L'Isonzo (Soča in sloveno), che attraversa le Alpi Giulie passando per Bovec (Plezzo), è uno dei fiumi da rafting più noti d'Europa, famoso per le sue acque verde smeraldo. La stagione va più o meno da aprile a ottobre. In primavera lo scioglimento delle nevi rende il fiume più alto e vivace; in estate l'acqua di solito è più bassa e le rapide più tranquille, per questo luglio e agosto sono ideali per principianti e famiglie. Un'uscita tipica dura circa tre ore, di cui un'ora e mezza circa in acqua.

## Cosa indossare

L'Isonzo è freddo: anche in piena estate l'acqua è intorno ai 10 °C. L'operatore fornisce muta, giacca antispruzzo, giubbotto salvagente, casco e di solito calzari in neoprene. Sotto la muta indossa un costume da bagno, niente cotone. Porta un asciugamano e vestiti asciutti per dopo, fissa gli occhiali con un cordino e lascia a terra gioielli e tutto ciò che non vuoi perdere.

## Età minima e forma fisica

L'età minima dipende dal tratto e dal livello dell'acqua. Sui tratti più facili molti operatori accettano bambini dai sei-otto anni circa, accompagnati da un adulto, mentre i tratti più impegnativi sono riservati a ragazzi più grandi e adulti. Ogni biglietto indica la propria età minima. Non serve esperienza, ma devi essere in buona salute, a tuo agio in acqua e saper nuotare. Segnala alla guida eventuali problemi di salute prima di partire.

## Sicurezza in acqua

Ogni uscita inizia con un briefing: ascoltalo con attenzione. La guida ti insegnerà i comandi, come avanti, indietro e stop, e come impugnare la pagaia tenendo sempre una mano sull'impugnatura a T, per non colpire nessuno. Se cadi in acqua, mantieni la calma, mettiti sulla schiena con i piedi in alto rivolti a valle e aspetta le indicazioni della guida o la corda di lancio. Non cercare mai di alzarti in piedi dove la corrente è forte: un piede potrebbe incastrarsi tra le rocce.

La navigazione sull'Isonzo è regolamentata e le uscite commerciali devono essere condotte da operatori autorizzati con guide qualificate, quindi prenota sempre con un'azienda autorizzata.`,
      en: `## Why the Soča is a great first river

The Soča, which flows through the Julian Alps past Bovec, is one of the best-known rafting rivers in Europe, famous for its emerald-green water. The season runs roughly from April to October. In spring, snowmelt makes the river higher and livelier; in summer the water is usually lower and the rapids gentler, which makes July and August ideal for beginners and families. A typical trip takes about three hours, of which around an hour and a half is spent on the water.

## What to wear

The Soča is cold: even in midsummer the water is only around 10 °C. Your operator provides a wetsuit, a splash jacket, a life jacket, a helmet and usually neoprene booties. Underneath, wear a swimsuit, not cotton. Bring a towel and dry clothes for afterwards, secure your glasses with a strap, and leave jewellery and anything you do not want to lose on land.

## Minimum age and fitness

The minimum age depends on the section and the water level. On the easier stretches many operators take children from around six to eight years old, accompanied by an adult, while the harder sections are for teenagers and adults. Each ticket shows its own minimum age. You do not need any experience, but you should be in good health, comfortable in water and able to swim. Tell the guide about any medical condition before you start.

## Safety on the water

Every trip starts with a safety briefing: listen carefully. The guide will teach you the commands, such as forward, back and stop, and how to hold the paddle with one hand always on the T-grip so that you do not hit anyone. If you fall in, stay calm, lie on your back with your feet up and pointing downstream, and wait for the guide's instructions or a throw rope. Never try to stand up in fast water: a foot can get trapped between rocks.

Navigation on the Soča is regulated, and commercial trips must be run by licensed operators with qualified guides, so always book with an authorised company.`,
      es: `## Por qué el Soča es ideal para empezar

El Soča, que atraviesa los Alpes Julianos a su paso por Bovec, es uno de los ríos de rafting más conocidos de Europa, famoso por su agua verde esmeralda. La temporada va, más o menos, de abril a octubre. En primavera, el deshielo hace que el río baje más crecido y movido; en verano el caudal suele ser menor y los rápidos más suaves, por eso julio y agosto son perfectos para principiantes y familias. Una salida típica dura unas tres horas, de las que alrededor de hora y media se pasan en el agua.

## Qué ponerse

El Soča es frío: incluso en pleno verano el agua está a unos 10 °C. La empresa te proporciona neopreno, chaqueta impermeable, chaleco salvavidas, casco y, normalmente, escarpines de neopreno. Debajo, ponte un bañador, nada de algodón. Lleva una toalla y ropa seca para después, sujeta las gafas con una cinta y deja en tierra las joyas y todo lo que no quieras perder.

## Edad mínima y forma física

La edad mínima depende del tramo y del nivel del agua. En los tramos más fáciles muchas empresas admiten niños a partir de unos seis u ocho años, acompañados de un adulto, mientras que los tramos más exigentes quedan para adolescentes y adultos. Cada entrada indica su edad mínima. No hace falta experiencia, pero sí tener buena salud, sentirte cómodo en el agua y saber nadar. Antes de empezar, informa al guía de cualquier problema de salud.

## Seguridad en el agua

Cada salida empieza con una charla de seguridad: escúchala con atención. El guía te enseñará las órdenes, como adelante, atrás y stop, y a sujetar el remo con una mano siempre sobre la empuñadura en T para no golpear a nadie. Si caes al agua, mantén la calma, túmbate boca arriba con los pies en alto y apuntando río abajo, y espera las indicaciones del guía o la cuerda de rescate. No intentes nunca ponerte de pie en una corriente rápida: un pie puede quedar atrapado entre las rocas.

La navegación por el Soča está regulada y las salidas comerciales deben organizarlas empresas autorizadas con guías titulados, así que reserva siempre con una empresa autorizada.`,
      de: `## Warum die Soča ideal für den Einstieg ist

Die Soča, die bei Bovec durch die Julischen Alpen fließt, ist einer der bekanntesten Raftingflüsse Europas und berühmt für ihr smaragdgrünes Wasser. Die Saison dauert etwa von April bis Oktober. Im Frühjahr führt der Fluss durch die Schneeschmelze mehr Wasser und ist wilder; im Sommer ist der Wasserstand meist niedriger und die Stromschnellen sind sanfter, deshalb eignen sich Juli und August besonders für Einsteiger und Familien. Eine typische Tour dauert rund drei Stunden, davon etwa anderthalb Stunden auf dem Wasser.

## Die richtige Kleidung

Die Soča ist kalt: Selbst im Hochsommer hat das Wasser nur etwa 10 °C. Der Veranstalter stellt Neoprenanzug, Spritzjacke, Schwimmweste, Helm und meist auch Neoprenschuhe. Darunter tragen Sie Badebekleidung, keine Baumwolle. Nehmen Sie ein Handtuch und trockene Kleidung für danach mit, sichern Sie Ihre Brille mit einem Band und lassen Sie Schmuck und alles, was Sie nicht verlieren möchten, an Land.

## Mindestalter und Fitness

Das Mindestalter hängt vom Abschnitt und vom Wasserstand ab. Auf den leichteren Abschnitten nehmen viele Veranstalter Kinder ab etwa sechs bis acht Jahren in Begleitung eines Erwachsenen mit, die anspruchsvolleren Strecken sind Jugendlichen und Erwachsenen vorbehalten. Das Mindestalter steht auf jedem Ticket. Erfahrung brauchen Sie keine, aber Sie sollten gesund sein, sich im Wasser wohlfühlen und schwimmen können. Informieren Sie den Guide vor dem Start über gesundheitliche Probleme.

## Sicherheit auf dem Wasser

Jede Tour beginnt mit einer Sicherheitseinweisung – hören Sie gut zu. Der Guide erklärt Ihnen die Kommandos wie „vorwärts“, „rückwärts“ und „stopp“ und zeigt, wie Sie das Paddel halten: eine Hand immer auf dem T-Griff, damit Sie niemanden treffen. Wenn Sie ins Wasser fallen, bleiben Sie ruhig, legen Sie sich auf den Rücken, die Füße oben und flussabwärts gerichtet, und warten Sie auf die Anweisungen des Guides oder das Wurfseil. Versuchen Sie nie, in starker Strömung aufzustehen: Ein Fuß kann sich zwischen Steinen verklemmen.

Die Befahrung der Soča ist geregelt, und kommerzielle Touren dürfen nur zugelassene Veranstalter mit ausgebildeten Guides durchführen. Buchen Sie deshalb immer bei einem zugelassenen Anbieter.`,
      sl: `## Zakaj je Soča odlična za začetek

Soča, ki teče skozi Julijske Alpe mimo Bovca, je ena najbolj znanih rek za rafting v Evropi, slavna po svoji smaragdno zeleni barvi. Sezona traja približno od aprila do oktobra. Spomladi je reka zaradi taljenja snega višja in bolj živahna, poleti pa je vodostaj navadno nižji in brzice so bolj umirjene, zato sta julij in avgust idealna za začetnike in družine. Običajen izlet traja približno tri ure, od tega okoli uro in pol na vodi.

## Kaj obleči

Soča je mrzla: tudi sredi poletja ima voda le okoli 10 °C. Izvajalec vam priskrbi neoprensko obleko, vetrovko, rešilni jopič, čelado in navadno neoprenske čevlje. Pod neopren oblecite kopalke, ne bombažnih oblačil. S seboj prinesite brisačo in suha oblačila za po izletu, očala pritrdite s trakom, nakit in vse, česar ne želite izgubiti, pa pustite na kopnem.

## Starostna meja in telesna pripravljenost

Najnižja starost je odvisna od odseka in vodostaja. Na lažjih odsekih mnogi izvajalci sprejmejo otroke od približno šestega do osmega leta starosti v spremstvu odraslega, zahtevnejši odseki pa so namenjeni mladostnikom in odraslim. Najnižja starost je navedena pri vsaki vstopnici. Izkušnje niso potrebne, morate pa biti zdravi, se v vodi dobro počutiti in znati plavati. Pred začetkom vodnika obvestite o morebitnih zdravstvenih težavah.

## Varnost na vodi

Vsak izlet se začne z varnostnimi navodili – pozorno jih poslušajte. Vodnik vas bo naučil ukazov, kot so naprej, nazaj in stop, ter pokazal, kako držite veslo: z eno roko vedno na T-ročaju, da nikogar ne udarite. Če padete v vodo, ostanite mirni, ulezite se na hrbet z nogami zgoraj, usmerjenimi po toku navzdol, in počakajte na navodila vodnika ali na reševalno vrv. Nikoli ne poskušajte vstati v deroči vodi, saj se vam noga lahko zagozdi med skalami.

Plovba po Soči je urejena in komercialne izlete smejo izvajati le registrirani izvajalci z usposobljenimi vodniki, zato vedno rezervirajte pri pooblaščenem podjetju.`,
    },
  },
  {
    sku: 'whale-watching-pelagos-sanctuary',
    publishedAt: '2026-04-23',
    activity: 'whale-watching',
    area: 'santuario-pelagos',
    title: {
      it: 'Whale watching nel Santuario Pelagos: specie, stagioni e buone pratiche',
      en: 'Whale watching in the Pelagos Sanctuary: species, seasons and good practice',
      es: 'Avistamiento de cetáceos en el Santuario Pelagos: especies, temporada y buenas prácticas',
      de: 'Walbeobachtung im Pelagos-Schutzgebiet: Arten, Saison und gute Praxis',
      sl: 'Opazovanje kitov v zatočišču Pelagos: vrste, sezona in dobre prakse',
    },
    excerpt: {
      it: 'Balenottere, capodogli e delfini vivono a poche miglia dalla costa ligure: ecco quando andare e come osservarli in modo responsabile.',
      en: 'Fin whales, sperm whales and dolphins live a few miles off the Ligurian coast: here is when to go and how to watch them responsibly.',
      es: 'Rorcuales, cachalotes y delfines viven a pocas millas de la costa de Liguria: cuándo ir y cómo observarlos de forma responsable.',
      de: 'Finnwale, Pottwale und Delfine leben wenige Seemeilen vor der ligurischen Küste: wann sich die Fahrt lohnt und wie Sie die Tiere verantwortungsvoll beobachten.',
      sl: 'Brazdasti kiti, glavači in delfini živijo le nekaj milj od ligurske obale: kdaj se odpraviti na izlet in kako jih odgovorno opazovati.',
    },
    body: {
      it: `## Un santuario per balene e delfini

Il Santuario Pelagos è un'area marina protetta di circa 87.500 km² tra Liguria, Toscana, Costa Azzurra, Principato di Monaco, Corsica e Sardegna settentrionale, istituita con un accordo tra Italia, Francia e Monaco firmato nel 1999. I profondi canyon sottomarini vicini alla costa portano in superficie acque ricche di nutrienti e, con esse, molto cibo per i cetacei. Da Genova le barche raggiungono in poco tempo le acque profonde davanti alla città.

## Le specie che puoi incontrare

Nel santuario si osservano regolarmente otto specie di cetacei. La balenottera comune, il secondo animale più grande del pianeta, che può superare i 20 metri, è la protagonista dell'estate. La stenella striata è la specie più numerosa e spesso si avvicina alla barca in gruppi vivaci.

Con un po' di fortuna puoi vedere anche il capodoglio, il grampo, il globicefalo, lo zifio, il tursiope, più vicino alla costa, e, raramente, il delfino comune. Gli avvistamenti non sono mai garantiti: sono animali selvatici.

## I mesi migliori

Le uscite si svolgono soprattutto dalla primavera all'autunno, con le probabilità migliori tra giugno e settembre, quando le balenottere si radunano per nutrirsi di krill e il mare di solito è calmo. Un'uscita dura in genere mezza giornata. Decide il mare: con previsioni sfavorevoli le uscite vengono annullate o rinviate. Porta uno strato antivento, un cappello, crema solare, acqua e un binocolo e, se soffri il mal di mare, prendi un rimedio per tempo.

## Osservare in modo responsabile

Scegli operatori che rispettano il codice di buona condotta del santuario; alcuni hanno il marchio High Quality Whale Watching di Pelagos. Un buon comandante si avvicina lentamente di lato, mai di fronte o da dietro, mantiene una distanza di sicurezza, non insegue gli animali e non divide i gruppi, presta particolare attenzione alle madri con i piccoli e limita il tempo trascorso con ogni gruppo. I passeggeri devono restare in silenzio, non gettare mai cibo o rifiuti in mare e non chiedere mai di fare il bagno con gli animali.`,
      en: `## A sanctuary for whales and dolphins

The Pelagos Sanctuary is a marine protected area of about 87,500 km² between Liguria, Tuscany, the French Riviera, Monaco, Corsica and northern Sardinia, created by an agreement between Italy, France and Monaco signed in 1999. Deep underwater canyons close to the coast bring nutrient-rich water to the surface, and with it plenty of food for cetaceans. From Genoa, boats quickly reach the deep water off the city.

## The species you can meet

Eight species of cetaceans are regularly seen in the sanctuary. The fin whale, the second-largest animal on Earth at over 20 metres long, is the star of the summer. Striped dolphins are the most numerous and often come close to the boat in lively groups.

With a little luck you may also see sperm whales, Risso's dolphins, long-finned pilot whales, Cuvier's beaked whales, bottlenose dolphins closer to the coast and, rarely, common dolphins. Sightings are never guaranteed: these are wild animals.

## The best months

Trips run mainly from spring to autumn, with the best chances between June and September, when fin whales gather to feed on krill and the sea is usually calm. An outing generally takes about half a day. The sea decides: if the forecast is poor, trips are cancelled or postponed. Bring a windproof layer, a hat, sunscreen, water and binoculars, and if you suffer from seasickness, take a remedy in good time.

## Watching responsibly

Choose operators that follow the sanctuary's code of good conduct; some hold the Pelagos High Quality Whale Watching label. A good skipper approaches slowly from the side, never head-on or from behind, keeps a safe distance, never chases the animals or splits up a group, takes particular care with mothers and calves and limits the time spent with each group. Passengers should stay quiet, never throw food or rubbish into the sea and never ask to swim with the animals.`,
      es: `## Un santuario para ballenas y delfines

El Santuario Pelagos es un área marina protegida de unos 87.500 km² entre Liguria, la Toscana, la Costa Azul, Mónaco, Córcega y el norte de Cerdeña, creada mediante un acuerdo entre Italia, Francia y Mónaco firmado en 1999. Los profundos cañones submarinos cercanos a la costa hacen subir aguas ricas en nutrientes y, con ellas, abundante alimento para los cetáceos. Desde Génova, los barcos llegan enseguida a las aguas profundas frente a la ciudad.

## Las especies que puedes ver

En el santuario se observan con regularidad ocho especies de cetáceos. El rorcual común, el segundo animal más grande del planeta, que puede superar los 20 metros, es el gran protagonista del verano. El delfín listado es la especie más abundante y a menudo se acerca al barco en grupos animados.

Con suerte también puedes ver cachalotes, calderones grises, calderones comunes, zifios de Cuvier, delfines mulares, más cerca de la costa, y, rara vez, delfines comunes. Los avistamientos nunca están garantizados: son animales salvajes.

## Los mejores meses

Las salidas se hacen sobre todo de primavera a otoño, y las mejores probabilidades se dan entre junio y septiembre, cuando los rorcuales se concentran para alimentarse de krill y el mar suele estar en calma. Una salida suele durar media jornada. Manda el mar: si la previsión es mala, las salidas se cancelan o se aplazan. Lleva una prenda cortavientos, gorra, crema solar, agua y prismáticos y, si te mareas, tómate algo contra el mareo con antelación.

## Observar de forma responsable

Elige empresas que sigan el código de buenas prácticas del santuario; algunas tienen el sello High Quality Whale Watching de Pelagos. Un buen patrón se acerca despacio y de lado, nunca de frente ni por detrás, mantiene una distancia prudente, no persigue a los animales ni separa los grupos, tiene especial cuidado con las madres y sus crías y limita el tiempo que pasa con cada grupo. Los pasajeros deben guardar silencio, no tirar nunca comida ni basura al mar y no pedir nunca nadar con los animales.`,
      de: `## Ein Schutzgebiet für Wale und Delfine

Das Pelagos-Schutzgebiet ist ein rund 87.500 km² großes Meeresschutzgebiet zwischen Ligurien, der Toskana, der Côte d'Azur, Monaco, Korsika und dem Norden Sardiniens. Es beruht auf einem Abkommen zwischen Italien, Frankreich und Monaco, das 1999 unterzeichnet wurde. Tiefe Unterwasser-Canyons nahe der Küste bringen nährstoffreiches Wasser an die Oberfläche und damit reichlich Nahrung für Wale und Delfine. Von Genua aus erreichen die Boote die tiefen Gewässer vor der Stadt in kurzer Zeit.

## Diese Arten können Sie sehen

Acht Walarten werden im Schutzgebiet regelmäßig beobachtet. Der Finnwal, mit über 20 Metern das zweitgrößte Tier der Erde, ist der Star des Sommers. Der Streifendelfin ist die häufigste Art und nähert sich dem Boot oft in lebhaften Gruppen.

Mit etwas Glück sehen Sie auch Pottwale, Rundkopfdelfine, Grindwale, Cuvier-Schnabelwale, in Küstennähe Große Tümmler und, selten, Gemeine Delfine. Eine Sichtung ist nie garantiert: Es sind wilde Tiere.

## Die besten Monate

Die Touren finden vor allem vom Frühjahr bis zum Herbst statt; die besten Chancen haben Sie zwischen Juni und September, wenn sich die Finnwale zum Fressen von Krill sammeln und das Meer meist ruhig ist. Eine Ausfahrt dauert in der Regel einen halben Tag. Das Meer entscheidet: Bei schlechter Vorhersage werden Fahrten abgesagt oder verschoben. Nehmen Sie eine winddichte Jacke, eine Kopfbedeckung, Sonnencreme, Wasser und ein Fernglas mit und, wenn Sie zu Seekrankheit neigen, rechtzeitig ein Mittel dagegen.

## Verantwortungsvoll beobachten

Wählen Sie Anbieter, die sich an den Verhaltenskodex des Schutzgebiets halten; einige tragen das Pelagos-Label High Quality Whale Watching. Ein guter Skipper nähert sich langsam von der Seite, nie frontal oder von hinten, hält ausreichend Abstand, verfolgt die Tiere nicht, trennt keine Gruppen, nimmt besondere Rücksicht auf Mütter mit Jungtieren und begrenzt die Zeit bei jeder Gruppe. Fahrgäste verhalten sich ruhig, werfen nie Essen oder Abfall ins Meer und bitten nie darum, mit den Tieren schwimmen zu dürfen.`,
      sl: `## Zatočišče za kite in delfine

Zatočišče Pelagos je zavarovano morsko območje, veliko približno 87.500 km², med Ligurijo, Toskano, Azurno obalo, Monakom, Korziko in severno Sardinijo. Ustanovljeno je bilo s sporazumom med Italijo, Francijo in Monakom, podpisanim leta 1999. Globoki podmorski kanjoni blizu obale dvigajo na površje s hranili bogato vodo, s tem pa tudi obilo hrane za kite in delfine. Iz Genove ladje hitro dosežejo globoke vode pred mestom.

## Vrste, ki jih lahko srečate

V zatočišču redno opazujejo osem vrst kitov in delfinov. Brazdasti kit, ki zraste čez 20 metrov in je druga največja žival na Zemlji, je zvezda poletja. Progasti delfin je najpogostejša vrsta in se ladji pogosto približa v živahnih skupinah.

Če imate srečo, lahko vidite tudi glavača, sivega delfina (Grampus griseus), kita pilota (Globicephala melas), Cuvierovega kljunatega kita, bližje obali veliko pliskavko in le redko navadnega delfina. Opazovanje ni nikoli zagotovljeno: to so divje živali.

## Najboljši meseci

Izleti potekajo predvsem od pomladi do jeseni, najboljše možnosti pa so od junija do septembra, ko se brazdasti kiti zbirajo in hranijo s krilom, morje pa je navadno mirno. Izlet običajno traja pol dneva. Odloča morje: ob slabi napovedi izlete odpovedo ali prestavijo. S seboj vzemite vetrovko, pokrivalo, kremo za sončenje, vodo in daljnogled, če ste nagnjeni k morski bolezni, pa pravočasno vzemite zdravilo proti njej.

## Odgovorno opazovanje

Izberite izvajalce, ki upoštevajo kodeks ravnanja zatočišča; nekateri imajo znak kakovosti High Quality Whale Watching zatočišča Pelagos. Dober kapitan se živalim približa počasi in s strani, nikoli od spredaj ali od zadaj, ohranja varno razdaljo, živali ne zasleduje in skupin ne razdvaja, posebej pazi na matere z mladiči in omeji čas ob vsaki skupini. Potniki naj bodo tiho, v morje naj nikoli ne mečejo hrane ali odpadkov in naj nikoli ne prosijo, da bi plavali z živalmi.`,
    },
  },
  {
    sku: 'cross-country-skiing-beginners-asiago',
    publishedAt: '2026-11-05',
    activity: 'cross-country-skiing',
    area: 'altopiano-di-asiago',
    title: {
      it: "Sci di fondo per principianti sull'Altopiano di Asiago",
      en: 'Cross-country skiing for beginners on the Asiago plateau',
      es: 'Esquí de fondo para principiantes en el altiplano de Asiago',
      de: 'Langlauf für Einsteiger auf der Hochebene von Asiago',
      sl: 'Tek na smučeh za začetnike na planoti Asiago',
    },
    excerpt: {
      it: "Centinaia di chilometri di piste battute, terreno dolce e buone scuole fanno dell'Altopiano di Asiago il posto ideale per iniziare con lo sci di fondo.",
      en: 'Hundreds of kilometres of groomed trails, gentle terrain and good ski schools make the Asiago plateau an ideal place to start cross-country skiing.',
      es: 'Cientos de kilómetros de pistas preparadas, un terreno suave y buenas escuelas hacen del altiplano de Asiago un lugar ideal para iniciarse en el esquí de fondo.',
      de: 'Hunderte Kilometer gespurte Loipen, sanftes Gelände und gute Skischulen machen die Hochebene von Asiago zum idealen Ort für den Einstieg in den Langlauf.',
      sl: 'Na stotine kilometrov urejenih prog, položen teren in dobre šole delajo planoto Asiago za idealen kraj za prve korake v teku na smučeh.',
    },
    body: {
      it: `## Perché Asiago

L'Altopiano di Asiago, detto anche Altopiano dei Sette Comuni, è un vasto altipiano delle Prealpi venete, in gran parte oltre i 1000 metri, con una delle reti di piste da fondo più estese d'Italia: oltre 500 km di tracciati. Molti seguono le vecchie strade militari della Prima guerra mondiale, tra boschi di abete rosso e ampi prati innevati.

I centri fondo, come Campomulo sopra Gallio, Campolongo o quello di Asiago, hanno ciascuno un rifugio base con scuola di sci, noleggio e un posto dove scaldarsi. La stagione va di solito da dicembre a marzo, neve permettendo.

## Classico o pattinato?

Le tecniche sono due. Nel passo classico si scivola in avanti dentro due binari tracciati nella neve, con un movimento simile alla camminata: è la scelta naturale per il primo giorno. Il pattinato è più veloce e faticoso e richiede più pratica. Comincia con una o due lezioni con un maestro di sci di fondo: imparare a scivolare, a salire e soprattutto a rallentare e fermarti sulle discese dolci ti risparmierà molte frustrazioni. Gli sci a noleggio per principianti di solito sono modelli a squame o con pelli, che non richiedono sciolina di tenuta: non c'è nulla da preparare.

## Cosa indossare e portare

Con lo sci di fondo ci si scalda in fretta, quindi vestiti a strati sottili invece che con una pesante giacca da discesa: un intimo traspirante, un pile leggero e un guscio antivento. Aggiungi guanti leggeri, berretto o fascia e occhiali da sole. Porta uno zainetto con acqua, uno snack e uno strato caldo di ricambio per le pause. Scarponi e bastoncini sono compresi nel noleggio.

## Ticket delle piste e galateo

Le piste battute sono curate dai centri fondo e per usarle serve un ticket giornaliero o stagionale. Segui il senso di marcia indicato su ogni anello, tieni la destra ed esci dai binari quando ti fermi. Lascia passare chi va più veloce, non camminare né ciaspolare sulle piste battute e non portare il cane, a meno che il tracciato non lo consenta. Prima di partire controlla le regole dell'area e il bollettino neve.`,
      en: `## Why Asiago

The Asiago plateau, also known as the plateau of the Seven Communes, is a wide upland in the Venetian Prealps, mostly above 1,000 metres, with one of the largest cross-country skiing networks in Italy: more than 500 km of trails. Many of them follow old military roads from the First World War, through spruce forests and across wide snowy meadows.

The cross-country centres, such as Campomulo above Gallio, Campolongo or the centre in Asiago itself, each have a base with a ski school, equipment hire and somewhere to warm up. The season usually runs from December to March, snow permitting.

## Classic or skating?

There are two techniques. In classic style you glide forward in two parallel tracks cut into the snow, with a movement similar to walking: it is the natural choice for a first day. Skating is faster and more tiring and takes more practice. Start with one or two lessons with a qualified instructor: learning to glide, to climb and above all to slow down and stop on gentle descents will save you a lot of frustration. Rental skis for beginners are usually waxless models, with fishscales or skins under the foot, so there is nothing to prepare.

## What to wear and bring

Cross-country skiing warms you up quickly, so dress in thin layers rather than a heavy downhill jacket: a breathable base layer, a light fleece and a windproof shell. Add light gloves, a hat or headband and sunglasses. Carry a small backpack with water, a snack and a spare warm layer for breaks. Boots and poles come with the rental kit.

## Trail passes and etiquette

The groomed trails are maintained by the centres, and you need a daily or seasonal trail pass to use them. Follow the direction of travel marked on each loop, keep to the right and step out of the tracks when you stop. Let faster skiers pass, never walk or snowshoe on the groomed trails and leave your dog at home unless the trail allows dogs. Before setting off, check the area rules and the snow report.`,
      es: `## Por qué Asiago

El altiplano de Asiago, también llamado de los Siete Municipios, es una amplia meseta de los Prealpes vénetos, en su mayor parte por encima de los 1000 metros, con una de las mayores redes de esquí de fondo de Italia: más de 500 km de pistas. Muchas siguen antiguas carreteras militares de la Primera Guerra Mundial, entre bosques de abetos y amplios prados nevados.

Los centros de fondo, como Campomulo, sobre Gallio, Campolongo o el de la propia Asiago, cuentan con un refugio base con escuela, alquiler de material y un sitio donde entrar en calor. La temporada suele ir de diciembre a marzo, si la nieve acompaña.

## ¿Clásico o patinador?

Hay dos técnicas. En el estilo clásico avanzas deslizándote por dos huellas paralelas trazadas en la nieve, con un movimiento parecido al de caminar: es la opción natural para el primer día. El patinador es más rápido y cansado y requiere más práctica. Empieza con una o dos clases con un monitor titulado: aprender a deslizarte, a subir y, sobre todo, a frenar y pararte en bajadas suaves te ahorrará muchos disgustos. Los esquís de alquiler para principiantes suelen ser modelos sin cera, con escamas o pieles bajo la bota, así que no hay nada que preparar.

## Qué ponerse y qué llevar

Con el esquí de fondo se entra en calor enseguida, así que vístete con capas finas en lugar de una chaqueta de esquí gruesa: una camiseta térmica transpirable, un forro polar ligero y una chaqueta cortavientos. Añade guantes finos, gorro o cinta y gafas de sol. Lleva una mochila pequeña con agua, algo de comer y una capa de abrigo de repuesto para las paradas. Las botas y los bastones van incluidos en el alquiler.

## Pase de pistas y normas de convivencia

Las pistas preparadas las mantienen los centros de fondo, y para usarlas necesitas un pase de día o de temporada. Sigue el sentido de circulación indicado en cada circuito, mantén la derecha y sal de las huellas cuando te pares. Deja pasar a quien va más rápido, no camines ni vayas con raquetas por las pistas preparadas y no lleves al perro salvo que el circuito lo permita. Antes de salir, consulta las normas de la zona y el parte de nieve.`,
      de: `## Warum Asiago

Die Hochebene von Asiago, auch Hochebene der Sieben Gemeinden genannt, ist ein weites Plateau in den Venezianischen Voralpen, größtenteils über 1000 Metern, mit einem der größten Loipennetze Italiens: mehr als 500 km. Viele Loipen folgen alten Militärstraßen aus dem Ersten Weltkrieg durch Fichtenwälder und über weite verschneite Wiesen.

Die Langlaufzentren, etwa Campomulo oberhalb von Gallio, Campolongo oder das Zentrum in Asiago selbst, haben jeweils einen Stützpunkt mit Skischule, Verleih und einem Ort zum Aufwärmen. Die Saison dauert je nach Schneelage meist von Dezember bis März.

## Klassisch oder Skating?

Es gibt zwei Techniken. Im klassischen Stil gleiten Sie in zwei parallelen, in den Schnee gezogenen Spuren vorwärts, mit einer Bewegung ähnlich dem Gehen – die natürliche Wahl für den ersten Tag. Skating ist schneller und anstrengender und braucht mehr Übung. Beginnen Sie mit ein oder zwei Stunden bei einem ausgebildeten Langlauflehrer: Wer lernt zu gleiten, bergauf zu gehen und vor allem auf sanften Abfahrten zu bremsen und anzuhalten, erspart sich viel Frust. Leihski für Einsteiger sind meist Nowax-Modelle mit Schuppen oder Fellen unter der Bindung, Sie müssen also nichts präparieren.

## Kleidung und Ausrüstung

Beim Langlaufen wird einem schnell warm, also lieber mehrere dünne Schichten statt einer dicken Skijacke: atmungsaktive Funktionswäsche, ein leichtes Fleece und eine winddichte Jacke. Dazu leichte Handschuhe, Mütze oder Stirnband und eine Sonnenbrille. In einen kleinen Rucksack gehören Wasser, ein Snack und eine warme Ersatzschicht für die Pausen. Schuhe und Stöcke sind in der Leihausrüstung enthalten.

## Loipenticket und Loipenregeln

Die gespurten Loipen werden von den Zentren gepflegt, für ihre Benutzung brauchen Sie ein Tages- oder Saisonticket. Halten Sie sich an die auf jeder Runde angegebene Laufrichtung, bleiben Sie rechts und verlassen Sie die Spur, wenn Sie anhalten. Lassen Sie Schnellere überholen, gehen Sie nicht zu Fuß oder mit Schneeschuhen auf der Loipe und nehmen Sie keinen Hund mit, es sei denn, die Loipe ist dafür freigegeben. Prüfen Sie vor dem Start die Regeln des Gebiets und den Schneebericht.`,
      sl: `## Zakaj Asiago

Planota Asiago, imenovana tudi planota Sedmih občin, je obsežna planota v Beneških predalpah, večinoma nad 1000 metri nadmorske višine, z eno največjih mrež tekaških prog v Italiji: več kot 500 km. Mnoge proge sledijo starim vojaškim cestam iz prve svetovne vojne skozi smrekove gozdove in čez prostrane zasnežene travnike.

Tekaški centri, kot so Campomulo v občini Gallio, Campolongo ali center v samem Asiagu, imajo vsak svojo izhodiščno kočo s smučarsko šolo, izposojo opreme in prostorom, kjer se lahko ogrejete. Sezona navadno traja od decembra do marca, odvisno od snega.

## Klasična ali drsalna tehnika?

Poznamo dve tehniki. Pri klasični tehniki drsite naprej po dveh vzporednih smučinah, vrezanih v sneg, z gibom, podobnim hoji – to je naravna izbira za prvi dan. Drsalna tehnika je hitrejša in bolj naporna ter zahteva več vaje. Začnite z eno ali dvema učnima urama pri usposobljenem učitelju teka na smučeh: če se naučite drseti, se vzpenjati in predvsem upočasniti ter ustaviti na položnih spustih, si boste prihranili veliko jeze. Izposojene smuči za začetnike so navadno modeli brez mazanja, z luskami ali kožami pod vezmi, zato vam ni treba ničesar pripravljati.

## Kaj obleči in kaj vzeti s seboj

Pri teku na smučeh se hitro ogrejete, zato se oblecite v več tankih plasti namesto v debelo smučarsko bundo: zračno funkcionalno perilo, lahek flis in vetrovko. Dodajte tanke rokavice, kapo ali trak in sončna očala. V majhnem nahrbtniku imejte vodo, prigrizek in dodatno toplo plast za postanke. Čevlji in palice so del izposojene opreme.

## Karta za proge in pravila obnašanja

Urejene proge vzdržujejo tekaški centri, za njihovo uporabo pa potrebujete dnevno ali sezonsko karto. Upoštevajte smer teka, označeno na vsakem krogu, držite se desne strani in ob postanku stopite iz smučine. Hitrejše pustite mimo, po urejenih progah ne hodite peš ali s krpljami in ne vodite psa, razen če je proga zanj dovoljena. Pred odhodom preverite pravila območja in snežne razmere.`,
    },
  },
  {
    sku: 'fishing-permits-slovenia-ticino',
    publishedAt: '2026-03-19',
    activity: 'fishing',
    title: {
      it: 'Permessi di pesca in Slovenia e in Ticino: cosa serve al pescatore',
      en: 'Fishing permits in Slovenia and Ticino: what anglers need',
      es: 'Permisos de pesca en Eslovenia y en el Tesino: lo que necesita el pescador',
      de: 'Angelkarten in Slowenien und im Tessin: Was Angler brauchen',
      sl: 'Ribolovne dovolilnice v Sloveniji in Ticinu: kaj potrebuje ribič',
    },
    excerpt: {
      it: 'Permessi giornalieri, attestati e statistica delle catture: una guida pratica per pescare in regola nelle acque slovene e ticinesi.',
      en: 'Day permits, competence certificates and catch records: a practical guide to fishing legally in Slovenian and Ticino waters.',
      es: 'Permisos diarios, certificados y registro de capturas: una guía práctica para pescar en regla en las aguas de Eslovenia y del Tesino.',
      de: 'Tageskarten, Sachkunde-Nachweis und Fangstatistik: ein praktischer Leitfaden für legales Angeln an slowenischen und Tessiner Gewässern.',
      sl: 'Dnevne dovolilnice, potrdila o usposobljenosti in evidenca ulova: praktični vodnik za zakonit ribolov v slovenskih in ticinskih vodah.',
    },
    body: {
      it: `## Slovenia: un permesso per ogni tratto

In Slovenia fiumi e laghi sono suddivisi in distretti di pesca, ciascuno gestito da una società di pesca locale o dall'Istituto sloveno per la pesca. Per pescare serve un permesso valido per quel tratto, quel giorno e spesso quella tecnica, da acquistare prima di iniziare. Ai turisti con un permesso giornaliero di norma non serve un'altra licenza.

I permessi sono personali e per lo più giornalieri; molte acque famose, come l'Isonzo e i suoi affluenti, offrono sia la versione no kill sia quella con trattenimento del pescato.

## Le regole slovene da conoscere

Sulle acque a salmonidi come l'Isonzo di solito è ammessa solo la pesca a mosca, con un unico amo senza ardiglione. La trota marmorata, la trota autoctona del bacino dell'Isonzo, è rigorosamente protetta e nella maggior parte dei distretti va rilasciata con cura. I pesci trattenuti vanno annotati subito sul permesso e, raggiunto il limite giornaliero, bisogna smettere di pescare. In molti distretti si pesca da un'ora prima dell'alba a un'ora dopo il tramonto e per molte specie sono previsti periodi di divieto: controlla sempre le regole dell'area.

## Ticino: patenti cantonali e SaNa

Nel Canton Ticino serve una patente di pesca cantonale. I turisti di solito scelgono la patente turistica, valida due o sette giorni consecutivi, per tutte le acque pubbliche del cantone oppure solo per la pesca da riva sul Lago Maggiore e sul Lago di Lugano; la pesca al temolo è esclusa.

Esistono anche patenti annuali, ma in Svizzera per qualsiasi patente valida più di un mese serve il SaNa, l'attestato di competenza che si ottiene con un breve corso. Chi ha una patente di breve durata senza SaNa ha limiti in più, per esempio niente ami con ardiglione e niente pesci vivi come esca.

## In entrambi i paesi

Porta con te il permesso e un documento d'identità e compila la statistica delle catture: in Ticino ogni patente è accompagnata da un libretto di statistica, da aggiornare man mano. Informati su misure minime, limiti giornalieri, periodi di divieto e specie protette delle acque in cui peschi, e uccidi subito e senza sofferenze i pesci che trattieni. Prima di lanciare, controlla sempre le regole dell'area.`,
      en: `## Slovenia: a permit for each stretch of water

In Slovenia, rivers and lakes are divided into fishing districts, each managed by a local angling club or by the Fisheries Research Institute of Slovenia. To fish you need a permit for the specific stretch, the day and often the technique, bought before you start. Visitors with a day permit usually need no other licence.

Permits are personal and mostly issued by the day; many famous waters, such as the Soča and its tributaries, offer both catch-and-release and catch-and-keep permits.

## Slovenian rules to know

On salmonid waters such as the Soča, fishing is usually fly fishing only, with a single barbless hook. The marble trout, the native trout of the Soča basin, is strictly protected and in most districts must be released with care. Any fish you keep must be entered on your permit straight away, and once you reach the daily limit you must stop fishing. In many districts fishing is allowed from one hour before sunrise to one hour after sunset, and many species have closed seasons: always check the area rules.

## Ticino: cantonal permits and the SaNa

In the canton of Ticino, anglers need a cantonal fishing permit. Visitors usually choose the tourist permit, valid for two or seven consecutive days, either for all public waters of the canton or only for fishing from the shore of Lake Maggiore and Lake Lugano; grayling fishing is not included.

Annual permits are also available, but in Switzerland any permit valid for more than a month requires the SaNa, a certificate of competence obtained through a short course. Anglers with a short-term permit and no SaNa face extra limits, such as no barbed hooks and no live bait fish.

## In both countries

Carry your permit and an ID document, and keep your catch record: in Ticino every permit comes with a catch statistics booklet that you fill in as you go. Learn the minimum sizes, daily limits, closed seasons and protected species of the water you fish, and kill any fish you keep quickly and humanely. Always check the area rules before your first cast.`,
      es: `## Eslovenia: un permiso para cada tramo

En Eslovenia, los ríos y lagos se dividen en cotos de pesca, cada uno gestionado por una sociedad de pescadores local o por el Instituto de Pesca de Eslovenia. Para pescar necesitas un permiso para ese tramo, ese día y, a menudo, esa técnica, que hay que comprar antes de empezar. Los visitantes con un permiso diario no suelen necesitar ninguna otra licencia.

Los permisos son personales y casi siempre diarios; muchas aguas famosas, como el Soča y sus afluentes, ofrecen tanto la modalidad sin muerte como la modalidad con muerte.

## Normas eslovenas que conviene conocer

En las aguas salmonícolas como el Soča suele permitirse solo la pesca a mosca, con un único anzuelo sin arponcillo. La trucha marmorata, la trucha autóctona de la cuenca del Soča, está estrictamente protegida y en la mayoría de los cotos debe devolverse al agua con cuidado. Los peces que te quedes deben anotarse de inmediato en el permiso y, al llegar al cupo diario, hay que dejar de pescar. En muchos cotos se pesca desde una hora antes del amanecer hasta una hora después de la puesta de sol, y muchas especies tienen vedas: consulta siempre las normas de la zona.

## Tesino: licencias cantonales y SaNa

En el cantón del Tesino se necesita una licencia de pesca cantonal. Los visitantes suelen elegir la licencia turística, válida durante dos o siete días seguidos, para todas las aguas públicas del cantón o solo para pescar desde la orilla del lago Mayor y del lago de Lugano; la pesca del tímalo queda excluida.

También hay licencias anuales, pero en Suiza cualquier licencia de más de un mes exige el SaNa, un certificado de competencia que se obtiene con un curso breve. Quien tiene una licencia de corta duración sin SaNa tiene limitaciones adicionales: por ejemplo, no puede usar anzuelos con arponcillo ni peces vivos como cebo.

## En los dos países

Lleva contigo el permiso y un documento de identidad y rellena el registro de capturas: en el Tesino cada licencia va acompañada de una libreta de estadística que se completa sobre la marcha. Infórmate de las tallas mínimas, los cupos diarios, las vedas y las especies protegidas del agua en la que pescas, y sacrifica de forma rápida y sin sufrimiento los peces que te quedes. Antes del primer lance, consulta siempre las normas de la zona.`,
      de: `## Slowenien: eine Karte für jede Strecke

In Slowenien sind Flüsse und Seen in Fischereireviere eingeteilt, die jeweils von einem örtlichen Angelverein oder vom Slowenischen Fischereiinstitut bewirtschaftet werden. Zum Angeln brauchen Sie eine Karte für die jeweilige Strecke, den Tag und oft auch die Methode, die Sie vor Beginn kaufen müssen. Gäste mit einer Tageskarte benötigen in der Regel keine weitere Lizenz.

Die Karten sind personengebunden und meist Tageskarten; viele berühmte Gewässer wie die Soča und ihre Zuflüsse bieten sowohl Catch-and-Release- als auch Entnahmekarten an.

## Slowenische Regeln, die Sie kennen sollten

An Salmonidengewässern wie der Soča ist meist nur Fliegenfischen erlaubt, mit einem einzelnen Haken ohne Widerhaken. Die Marmorataforelle, die heimische Forelle des Soča-Einzugsgebiets, ist streng geschützt und muss in den meisten Revieren schonend zurückgesetzt werden. Entnommene Fische sind sofort auf der Karte einzutragen, und wer das Tageslimit erreicht, muss mit dem Angeln aufhören. In vielen Revieren darf von einer Stunde vor Sonnenaufgang bis eine Stunde nach Sonnenuntergang gefischt werden, und für viele Arten gelten Schonzeiten: Prüfen Sie immer die Regeln des Gebiets.

## Tessin: kantonale Patente und SaNa

Im Kanton Tessin brauchen Angler ein kantonales Fischereipatent. Gäste wählen meist das Touristenpatent, das zwei oder sieben aufeinanderfolgende Tage gilt, entweder für alle öffentlichen Gewässer des Kantons oder nur für das Fischen vom Ufer des Lago Maggiore und des Luganersees; die Äschenfischerei ist darin nicht enthalten.

Es gibt auch Jahrespatente, doch in der Schweiz setzt jedes Patent, das länger als einen Monat gilt, den SaNa voraus, den Sachkunde-Nachweis, den man mit einem kurzen Kurs erwirbt. Wer ein Kurzzeitpatent ohne SaNa hat, unterliegt zusätzlichen Einschränkungen, etwa keine Haken mit Widerhaken und keine lebenden Köderfische.

## In beiden Ländern

Haben Sie Ihre Karte oder Ihr Patent und einen Ausweis dabei und führen Sie die Fangstatistik: Im Tessin gehört zu jedem Patent ein Statistikheft, das laufend auszufüllen ist. Informieren Sie sich über Mindestmaße, Tageslimits, Schonzeiten und geschützte Arten des Gewässers und töten Sie entnommene Fische sofort und tierschutzgerecht. Prüfen Sie vor dem ersten Wurf immer die Regeln des Gebiets.`,
      sl: `## Slovenija: dovolilnica za vsak revir

V Sloveniji so reke in jezera razdeljeni na ribolovne revirje, ki jih upravljajo lokalne ribiške družine ali Zavod za ribištvo Slovenije. Za ribolov potrebujete dovolilnico za določen revir, dan in pogosto tudi tehniko, ki jo morate kupiti pred začetkom ribolova. Obiskovalci z dnevno dovolilnico navadno ne potrebujejo nobenega drugega dovoljenja.

Dovolilnice so osebne in večinoma dnevne; mnoge znane vode, kot so Soča in njeni pritoki, ponujajo dovolilnice za ribolov po načelu ujemi in spusti ter dovolilnice z uplenom.

## Slovenska pravila, ki jih morate poznati

V salmonidnih vodah, kot je Soča, je navadno dovoljeno le muharjenje, z enim samim trnkom brez zalusti. Soška postrv, avtohtona postrv porečja Soče, je strogo zavarovana in jo je treba v večini revirjev previdno vrniti v vodo. Uplenjene ribe je treba takoj vpisati v dovolilnico, ko dosežete dnevno omejitev, pa morate z ribolovom prenehati. V mnogih revirjih je ribolov dovoljen od ene ure pred sončnim vzhodom do ene ure po sončnem zahodu, za mnoge vrste pa veljajo varstvene dobe: vedno preverite pravila območja.

## Ticino: kantonalne dovolilnice in SaNa

V kantonu Ticino ribiči potrebujejo kantonalno ribolovno dovolilnico. Obiskovalci navadno izberejo turistično dovolilnico, ki velja dva ali sedem zaporednih dni, bodisi za vse javne vode kantona bodisi le za ribolov z obale jezera Lago Maggiore in Luganskega jezera; ribolov lipana ni vključen.

Na voljo so tudi letne dovolilnice, vendar je v Švici za vsako dovolilnico, ki velja več kot en mesec, potreben SaNa, potrdilo o strokovni usposobljenosti, ki ga pridobite na kratkem tečaju. Kdor ima kratkoročno dovolilnico brez SaNa, ima dodatne omejitve: ne sme na primer uporabljati trnkov z zalustjo ali živih ribic za vabo.

## V obeh državah

S seboj imejte dovolilnico in osebni dokument ter vodite evidenco ulova: v Ticinu vsaki dovolilnici pripada statistična knjižica, ki jo izpolnjujete sproti. Seznanite se z najmanjšimi lovnimi merami, dnevnimi omejitvami, varstvenimi dobami in zavarovanimi vrstami v vodi, kjer lovite, ribe, ki jih obdržite, pa takoj in humano usmrtite. Pred prvim metom vedno preverite pravila območja.`,
    },
  },
];

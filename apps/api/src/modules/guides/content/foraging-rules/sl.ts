import type { GuideText } from '../types.ts';

export const sl: GuideText = {
  title: 'Pravila nabiranja gob v Italiji',
  summary:
    'Dovolilnice, dnevne omejitve, ure, orodje in košare: kaj določa državni zakon, kaj se spreminja od regije do regije in kako izveš, katera pravila veljajo v gozdu, kamor greš.',
  sections: {
    framework: {
      title: 'En državni zakon, dvajset regionalnih pravilnikov',
      body: `V Italiji nabiranje samoniklih gob ureja državni okvirni zakon, **zakon št. 352 iz leta 1993**, ki postavlja načela: varovati gozd, omejiti količine in zagotoviti, da so gobe v prodaji pregledane. Podrobna pravila pa pišejo **regije**, pogosto tudi avtonomne pokrajine, gorske zveze, občine in konzorciji, ki upravljajo gozdove.

Zato imata lahko dva gozda, oddaljena nekaj kilometrov, različna pravila: drugačno dovolilnico, drugačno omejitev, drugačne zaprte dneve. Enega samega »italijanskega pravila«, ki bi se ga naučil enkrat za vselej, torej ni.

Pred vsakim izletom je dobro vedeti tri stvari: **kdo upravlja območje**, **katero dovolilnico potrebuješ** in **katere omejitve veljajo**. V Sentieru ima vsako območje svojo stran z dovolilnico za nakup in pravilnikom za prenos: tako najhitreje odideš na pot v skladu s pravili. Ta vodnik razloži točke, ki se ponavljajo skoraj povsod, da boš te pravilnike bral brez presenečenj.`,
    },
    permits: {
      title: 'Dovolilnica',
      body: `Skoraj vse regije zahtevajo **pravico do nabiranja**: regionalno izkaznico, letno dovoljenje ali dnevno, tedensko ali sezonsko dovolilnico za določeno območje. V nekaterih regijah izkaznico dobiš po kratkem tečaju o prepoznavanju gob in spoštovanju gozda.

- Dovolilnica je **osebna**: imej jo pri sebi skupaj z osebnim dokumentom in jo pokaži čuvajem, ki jo zahtevajo.
- Kdor na območju **prebiva**, ima pogosto drugačne pogoje kot obiskovalci: cene, omejitve ali dneve.
- V mnogih regijah **otroci** v spremstvu odraslega z dovolilnico plačajo manj ali nič: v Piemontu na primer mlajši od 14 let ne plačajo.
- Na območjih, ki jih upravljajo konzorciji ali skupnosti (klasični gobarski »rezervati«), se dovolilnica območja doda regionalnim pravilom.

Dovolilnica, kupljena v Sentieru, se glasi na tvoje ime in velja za izbrane datume: najdeš jo med svojimi vstopnicami tudi brez povezave.`,
    },
    'limits-hours': {
      title: 'Omejitve, ure in dnevi',
      body: `Državni zakon določa zgornjo mejo **3 kg na osebo na dan**, ki jo je dovoljeno preseči le, če en sam primerek ali en sam šop tehta več. Mnoge regije in območja jo znižajo na **2 kg**, nekatere pa za najbolj iskane vrste določijo še nižje omejitve.

- **Ure**: ponoči je nabiranje skoraj povsod prepovedano; pogosto je dovoljeno od ure pred sončnim vzhodom do ure po sončnem zahodu ali le podnevi.
- **Zaprti dnevi**: nekatera območja ob določenih dnevih v tednu zaprejo nabiranje, da si gozd odpočije.
- **Najmanjše velikosti**: mnoge regije prepovedujejo premajhne jurčke in knežjo mušnico (*Amanita caesarea*), dokler je še zaprta v »jajcu«.
- **Zavarovane vrste**: nekatere regije nabiranje redkih vrst povsem prepovedujejo.

Ob dobrih dneh čuvaji tehtajo košare: omejitev velja na osebo, ne na družino, in je ni mogoče »posoditi« nekomu brez dovolilnice.`,
    },
    'how-to-pick': {
      title: 'Kako nabiramo',
      body: `Tu so pravila skoraj povsod v Italiji enaka, ker izhajajo iz državnega zakona.

- **Brez grabelj, kavljev ali orodja**, ki razrije plast listja in humusa: uničijo podgobje.
- **Grobo čiščenje na mestu**: zemlja, listje in poškodovani deli ostanejo v gozdu, kjer lahko trosi vzklijejo.
- **Trdne, zračne posode**, kot so pletene košare: plastične vrečke so prepovedane.
- **Cele, prepoznavne gobe**: ne razreži jih v gozdu na kose, da jih strokovnjak in čuvaji lahko prepoznajo.
- **Ne nabiraj gob, ki jih ne poznaš**, »da jih pokažeš«: če res želiš mnenje, vzemi le eno, celo in ločeno od drugih.

Kdor prodaja samonikle gobe, jih mora dati potrditi mikološki inšpekciji: podarjati ali prodajati jih brez pregleda je prepovedano in nevarno.`,
    },
    'parks-fines': {
      title: 'Parki, zasebna zemljišča in kazni',
      body: `V **narodnih in regionalnih parkih** veljajo pravila parka: nabiranje je pogosto prepovedano v strogo zavarovanih območjih, drugod pa dovoljeno le prebivalcem ali z dovolilnico parka.

**Ograjena zasebna zemljišča** in območja, označena s tablami prepovedi, so izvzeta: lastnik si lahko nabiranje pridrži zase. Tudi košeni travniki, kostanjevi sadovnjaki in gozdne drevesnice imajo pogosto svoja pravila.

**Kazni** so upravne in lahko znašajo več sto evrov, gobe pa se zasežejo. Tvegaš jih za nabiranje brez dovolilnice, izven dovoljenih ur, nad omejitvijo, s prepovedanim orodjem ali s plastičnimi vrečkami.`,
    },
    abroad: {
      title: 'V Švici, Sloveniji in Španiji',
      body: `- **Švica**: pravila so kantonalna. Mnogi kantoni določajo dnevno omejitev na osebo, pogosto 1–2 kg, in nekaj dni prepovedi na mesec. Skoraj v vsaki občini je brezplačen uradni pregled gob.
- **Slovenija**: državni predpis omejuje nabiranje na **2 kg na osebo na dan**, varuje nekatere vrste in prepoveduje nabiranje na nekaterih zavarovanih območjih; v Triglavskem narodnem parku veljajo strožja pravila.
- **Španija**: odločajo avtonomne skupnosti in pogosto občine. Ponekod, na primer v Kastilji in Leónu, so urejena mikološka območja, kjer potrebuješ dnevno ali sezonsko dovolilnico z lastnimi omejitvami.

Kamor koli greš, stran območja v Sentieru pokaže pravo dovolilnico in lokalna pravila.`,
    },
  },
  species: {},
};

import type { GuideText } from '../types.ts';

export const sl: GuideText = {
  title: 'Ribolov na jezeru: kje so ribe in kako jih uloviti',
  summary:
    'Kako se jezero spreminja z letnimi časi, pravila velikih jezer (tudi tistih, ki si jih Italija deli s Švico), tehnike z obale in s čolna ter kako ostati varen na vodi.',
  sections: {
    'lake-basics': {
      title: 'Razumeti jezero',
      body: `Jezero je videti mirno, a ribe se skozi leto veliko premikajo. Vedeti, kje so, šteje več kot vaba.

- **Pomlad**: voda ob obali se segreje prva. Ščuke in ostriži se za drst približajo bregovom, trstiščem in plitvim zalivom. To je tudi čas varstvenih dob: pozanimaj se, preden greš.
- **Poletje**: površinska voda postane topla in revna s kisikom. Ribe se spustijo tja, kjer je voda hladna, pogosto pod 10–15 metrov, ob zori in mraku pa se vrnejo proti obali.
- **Jesen**: voda se ponovno premeša in plenilci odločno lovijo ob robovih in rtih. Najboljši čas za ostriža in ščuko.
- **Zima**: ribe so počasne in globoko; ulov je skromen, z majhnimi vabami.

Išči **spremembe globine**: robove, kjer dno nenadoma pade, rte, ki segajo v jezero, izlive potokov, pomole, kole in potopljena drevesa. Ribe se zbirajo tam, kjer je zavetje in kjer prihaja hrana.

Veter šteje: obala, proti kateri piha, zbira hrano in pogosto ribe, a tam so tudi valovi močnejši.`,
    },
    rules: {
      title: 'Pravila jezer',
      body: `Za ribolov na jezeru potrebuješ, tako kot na rekah, **regionalno ribolovno dovoljenje** in, kjer je zahtevano, izkaznico FIPSAS in dovolilnico. Na mnogih jezerih je ribolov z obale prost že s samim dovoljenjem, **ribolov s čolna** in vlečenje pa zahtevata dodatno dovolilnico in imata pravila o številu palic in trnkov.

- **Varstvene dobe**: vsaka vrsta ima svoje zaščiteno obdobje, na primer ščuka ob koncu zime in ostriž spomladi. Datumi se razlikujejo od jezera do jezera.
- **Najmanjše mere in dnevni ulov**: določeni so za vsako vrsto, pogosto strožje za ostriža in ozimico.
- **Skupna jezera**: na Lago Maggiore in Luganskem jezeru, ki sta deloma švicarski, veljajo pravila italijansko-švicarske konvencije o ribolovu; preveri, katera dovolilnica velja na bregu, kjer loviš.
- **Prepovedana območja**: pristanišča, kopališča poleti, varstvena območja in bližina vodnih zajetij.

Stran območja v Sentieru pokaže pravo dovolilnico in pravilnik jezera za prenos.`,
    },
    techniques: {
      title: 'Tehnike',
      body: `- **Plovec z obale**: najpreprostejša tehnika, z deževnikom ali črvičkom, za ostriže in bele ribe ob pomolih in trstiščih.
- **Lov na dnu**: drsna obtežitev in vaba na dnu, za krape, line in jegulje, kjer je dovoljeno. Potrpežljivost in dobro stojalo za palico.
- **Spinning in mehke vabe**: majhne gumijaste vabe in žlice ob robovih za ostriža, večje vabe za ščuko. Za ščuko vedno potrebuješ **jekleni predvrvček**: njeni zobje prerežejo najlon.
- **S čolna**: vlečenje vab v različnih globinah ali vertikalni lov na robovih s sonarjem. Ozimice lovimo na odprtem, globoko, z majhnimi vabami in zelo nežno.

S ščuko ravnaj previdno: dolge klešče, ena roka pod trebuhom in druga za glavo, nikoli je ne dvigaj za škrge.`,
    },
    'safety-water': {
      title: 'Varno na vodi',
      body: `Na jezerih se vreme hitro spreminja. Mnoga alpska jezera imajo **redne vetrove**: zjutraj vetrič s severa in popoldne z juga, ki v nekaj deset minutah dvigneta visoke valove. Poleti nevihte pridejo z nenadnimi sunki.

- **Preveri napoved**, preden greš na vodo, in se vrni ob prvem znaku nevihte.
- **Palice iz ogljikovih vlaken prevajajo elektriko**: ob prvem gromu jih odloži in se umakni od vode in z izpostavljenih mest.
- **V čolnu vedno nosi rešilni jopič**: voda globokih jezer je mrzla tudi poleti, hladni šok pa v nekaj minutah vzame moči.
- Na švicarskih in nekaterih obmejnih jezerih **opozorilne luči** na obali počasi utripajo kot opozorilo in hitro ob bližajoči se nevihti.
- Povej nekomu, kam greš in kdaj se nameravaš vrniti; v nujnih primerih pokliči **112**.`,
    },
  },
  species: {
    'perca-fluviatilis': {
      description:
        'Zelenkasto telo s 5–8 temnimi navpičnimi progami, bodičasta prva hrbtna plavut s črno liso, oranžne trebušne plavuti. Živi v jatah ob robovih in pomolih.',
      lookAlikes: {
        'sander-lucioperca':
          'Bolj podolgovat, z ostrimi zobmi in velikimi steklenimi očmi; proge so manj izrazite. Ima lastne najmanjše mere in varstvene dobe.',
      },
    },
    'esox-lucius': {
      description:
        'Dolgo valjasto telo, gobec kot račji kljun, poln zob, zeleni boki s svetlimi lisami. Lovi iz zasede med trstjem in podvodnimi rastlinami.',
      lookAlikes: {},
    },
    'coregonus-lavaretus': {
      description:
        'Vitko srebrno telo, majhen brezzob gobec, tolščena plavut. Živi v jatah v globoki, hladni vodi; drsti se pozimi in je v kuhinji zelo cenjena.',
      lookAlikes: {},
    },
  },
};

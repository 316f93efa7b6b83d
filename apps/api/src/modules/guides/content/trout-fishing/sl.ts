import type { GuideText } from '../types.ts';

export const sl: GuideText = {
  title: 'Ribolov postrvi: osnove',
  summary:
    'Ribolovno dovoljenje, izkaznica FIPSAS in dovolilnice, sezone in omejitve ulova, kako brati potok, najbolj razširjene tehnike in kako ribo pravilno izpustiti.',
  sections: {
    papers: {
      title: 'Dokumenti: dovoljenje, izkaznica, dovolilnica',
      body: `Za ribolov v celinskih vodah v Italiji običajno potrebuješ tri stvari in dobro je, da jih imaš v žepu, preden sestaviš palico.

- **Regionalno ribolovno dovoljenje**: za športni ribolov je to dovoljenje tipa B, ki ga izda regija, v kateri loviš. V mnogih regijah zadošča potrdilo o plačilu letne takse; tuji obiskovalci lahko pogosto dobijo začasno dovoljenje.
- **Izkaznica FIPSAS** (italijanska zveza za športni ribolov): zahtevajo jo mnogi odseki, ki jih upravljajo zveza ali društva, in vključuje zavarovanje. V Sentieru, kadar jo dovolilnica zahteva, številko izkaznice vpišeš ob nakupu za vsakega gosta posebej.
- **Dovolilnica za odsek**: dnevna, tedenska ali sezonska, za vode v koncesiji, revirje in območja s posebnim režimom. Navaja dneve, ure, dovoljene vabe in število rib, ki jih smeš obdržati.

Zunaj Italije se spremeni ime, ne zamisel: v Švici potrebuješ kantonalni patent in za daljše patente potrdilo o usposobljenosti (SaNa); v Sloveniji dnevne dovolilnice prodajajo lokalne ribiške družine; v Španiji potrebuješ dovoljenje avtonomne skupnosti, v revirjih (*cotos*) pa še dovolilnico za odsek.

Vse dokumente imej pri sebi, tudi v telefonu: čuvaji jih lahko zahtevajo kadar koli.`,
    },
    'season-limits': {
      title: 'Sezone in omejitve',
      body: `V večjem delu Italije se sezona postrvi **odpre med koncem februarja in marcem ter zapre med koncem septembra in začetkom oktobra**: pozimi se postrvi drstijo in jih pustimo pri miru. Natančne datume določi vsaka regija, vsak odsek pa ima lahko izjeme.

- **Število ulovljenih rib**: običajno od 3 do 5 salmonidov na osebo na dan, v trofejnih conah včasih le ena.
- **Najmanjša mera**: za potočno postrv pogosto med 22 in 25 cm, merjeno od konice gobca do konca repa; za soško postrv precej več ali popolna prepoved odvzema.
- **Cone ujemi in spusti**: vsako ribo izpustiš, pogosto le z enojnim trnkom brez zalusti in z umetnimi vabami.
- **Pogoste prepovedi**: krmljenje, žive ribice za vabo, več kot ena palica na potoku.

Lipan ima svoja pravila: drsti se spomladi in je v mnogih vodah zavarovan ali ga smeš le uloviti in izpustiti.`,
    },
    'reading-water': {
      title: 'Kako brati potok',
      body: `Postrv stoji z glavo proti toku in izbira mesta, kamor ji tok prinaša hrano, ne da bi se utrudila.

- **Za skalami** in v mirni vodi ob močnem toku.
- **Na začetku tolmunov**, kjer se hitra voda upočasni in razširi.
- **Pod spodjedenimi bregovi**, koreninami in vejami, ki dajejo senco.

Približaj se **od spodaj**, počasi, ne da bi tvoja senca padla na vodo: prestrašena postrv več minut ne prime. Polarizacijska očala pomagajo videti dno in ribe. Najboljši čas so zgodnje jutro, večer in oblačni dnevi; po rahlem porastu nekoliko motne vode se postrvi odpravijo na lov.`,
    },
    techniques: {
      title: 'Tehnike',
      body: `- **Lov z vrtilko (spinning)**: majhne vrtilke in voblerji od 2 do 5 g, vrženi proti toku in vlečeni s tokom. Najpreprostejša tehnika za začetek.
- **Muharjenje**: suhe muhe, ko postrvi dvigajo na površini, sicer nimfe ob dnu. Zahteva vajo, a je najprimernejše za izpust.
- **Naravna vaba**: deževnik, kjer je dovoljen, spuščen s tokom z lahko obtežitvijo. Postrvi ga pogoltnejo globoko: če želiš ribo izpustiti, izberi drugo tehniko.

Lahka oprema, tanka vrvica in nekaj dobro izbranih vab so vredni več kot polna škatla.`,
    },
    'catch-release': {
      title: 'Pravilen izpust',
      body: `Slabo izpuščena postrv pogosto pogine v naslednjih dneh. Nekaj navad naredi razliko.

- **Enojni trnek brez zalusti** (ali s stisnjeno zalustjo): izpne se v trenutku.
- **Kratka borba**: izčrpana riba si slabo opomore.
- **Mokre roke**, nikoli suhe krpe: ščitijo sluz, ki varuje njeno kožo.
- **Riba ostane v vodi**: trnek odstrani tam s kleščami; če želiš fotografijo, le nekaj sekund in nad vodo.
- **Brez pritiska na trebuh** in brez prstov v škrgah.
- Drži jo proti toku, dokler ne odplava sama.

Pri vodi nad 20 °C postrvi trpijo: poleti jih v vročih urah raje sploh ne lovi.`,
    },
  },
  species: {
    'salmo-trutta': {
      description:
        'Olivno rjav hrbet, zlati boki s črnimi in rdečimi pikami, obrobljenimi s svetlim, tolščena plavut pogosto oranžna. Hladni potoki, bogati s kisikom; drsti se pozimi.',
      lookAlikes: {
        'salmo-marmoratus':
          'Namesto pik ima sivo zeleno marmoriranje po vsem telesu, kot marmor; zraste zelo velika. Avtohtona v porečju Pada in Soče, v mnogih vodah zavarovana: izpustiti jo moraš.',
      },
    },
    'oncorhynchus-mykiss': {
      description:
        'Goste črne pike, tudi na repu, in rožnat pas vzdolž boka. Severnoameriška vrsta, vložena v ribnike in v mnoge odseke potokov.',
      lookAlikes: {},
    },
    'thymallus-thymallus': {
      description:
        'Velika hrbtna plavut kot jadro, srebrne luske in majhen gobec. Bistre reke s prodnatim dnom; drsti se spomladi. V mnogih vodah je zavarovan ali ga smeš le uloviti in izpustiti.',
      lookAlikes: {},
    },
  },
};

import type { GuideText } from '../types.ts';

export const sl: GuideText = {
  title: 'Varno v gozdu',
  summary:
    'Kaj pripraviti pred odhodom, kako se ne izgubiti, ko hodiš s sklonjeno glavo, nevihte in tema, klopi, gadi in lov ter kako pravilno poklicati pomoč.',
  sections: {
    'before-you-go': {
      title: 'Pred odhodom',
      body: `Vsako jesen italijanske novice poročajo o gobarjih, ki so padli ali se izgubili. Skoraj nikoli zaradi smole: običajno zaradi mokrega pobočja, brežine zunaj poti ali teme, ki pride prej, kot je bilo pričakovati. Gobarji hodijo zunaj poti, s pogledom na tleh, pogosto sami: zato je priprava pomembnejša kot pri običajnem izletu.

- **Povej nekomu, kam greš** in kdaj se nameravaš vrniti, in ga obvesti, ko se vrneš.
- **Napolnjen telefon** in rezervna baterija; prenesi zemljevid območja, da ga lahko uporabljaš brez povezave. V Italiji uradna aplikacija *112 Where ARE U* ob klicu na pomoč pošlje tvoj položaj.
- **Gorski čevlji z dobrim profilom podplata**: pobočja z mokrim listjem so spolzka kot led. Palica zelo pomaga pri spustu.
- **Oblačila v plasteh** in nepremočljiva jakna, tudi ko je dan lep.
- **Voda, nekaj hrane, piščalka, čelna svetilka** in majhen komplet prve pomoči.
- **Ne hodi sam** po strmih pobočjih in ne precenjuj svojih moči: pot nazaj navkreber s polno košaro je težja od poti tja.`,
    },
    orientation: {
      title: 'Kako se ne izgubiti',
      body: `Gobarji se izgubijo na poseben način: sledijo gobi za gobo, s sklonjeno glavo, in po eni uri ne vedo več, od kod so prišli.

- **Shrani položaj avtomobila** v telefon, preden vstopiš v gozd.
- Občasno **dvigni glavo in se ozri nazaj**: gozd je na poti nazaj videti drugače kot na poti tja. Izberi orientacijske točke: skalo, jaso, daljnovod.
- Imej v mislih smer najbližje poti ali ceste in naklon: običajno si se od avtomobila povzpel ali spustil.
- **Če se izgubiš, se ustavi.** Ne spuščaj se po grapi, da bi »skrajšal«: pogosto se konča na skalnem skoku. Vrni se do zadnje točke, ki jo prepoznaš, ali pa, če ne moreš, ostani, kjer si, in pokliči 112.
- Če se bliža tema, ne poskušaj priti ven za vsako ceno: poišči zavetje, se obleci in kliči pomoč, dokler ima telefon baterijo.`,
    },
    weather: {
      title: 'Vreme, nevihte in tema',
      body: `V gorah se poleti **popoldanske nevihte** razvijejo v nekaj urah. Pojdi zgodaj in se vrni, ko oblaki zrastejo v cvetačaste stolpe. Če te nevihta preseneti, zapusti grebene in vrhove, drži se stran od osamljenih dreves, vode in kovinskih ograj ter počakaj počepnjen, s skupaj stisnjenimi nogami, na neizpostavljenem terenu.

Jeseni je težava **tema**: oktobra se v gozdu zgodaj zmrači, pod drevesi pa še prej. Vrnitev načrtuj z vsaj uro rezerve.

Dež, veter in mokra oblačila hitro ohladijo, tudi ko ni mraz. Če te močno trese in s težavo premikaš roke, se ustavi v zavetju, se preobleci, če lahko, pojej kaj sladkega in pokliči pomoč.`,
    },
    'animals-ticks': {
      title: 'Klopi, gadi, lov',
      body: `- **Klopi**: lahko prenašajo lymsko boreliozo in na nekaterih območjih (severovzhodna Italija, Slovenija, Švica, Avstrija) klopni meningoencefalitis, proti kateremu obstaja cepivo. Dolge hlače, zataknjene v nogavice, repelent, po vrnitvi pa preglej vse telo. Klopa odstrani s tanko pinceto, blizu kože, in ga enakomerno izvleci, ne da bi ga stisnil. Če se v naslednjih tednih pojavi rdečina, ki se širi, ali vročina, pojdi k zdravniku.
- **Gadi**: pičijo redko in le, če jih zmotiš; pik je skoraj nikoli smrten, vedno pa ga je treba zdraviti v bolnišnici. Ostani miren, imobiliziraj okončino, odstrani prstane in uro, ne zarezuj, ne izsesavaj, ne podvezuj: pokliči 112.
- **Lov**: jeseni v gozdovih poteka lov. Nosi **žive barve** (oranžna se vidi od daleč), upoštevaj table o skupnem lovu in se oglasi, če v bližini slišiš strele.
- **Divji prašiči**: drži se stran, predvsem od svinj z mladiči, in jim pusti pot za umik.`,
    },
    emergency: {
      title: 'Klic na pomoč',
      body: `V Italiji, Sloveniji, Španiji in vsej Evropski uniji je številka za nujne primere **112**, brezplačna in dosegljiva tudi brez dobroimetja; v Švici deluje 112, zračna reševalna služba Rega pa se oglasi na 1414. V gorah in gozdovih pride pomoč prek 112 (v Italiji z gorsko reševalno službo Soccorso Alpino, v Sloveniji z Gorsko reševalno zvezo).

Ko kličeš, mirno povej:

- **kaj se je zgodilo** in koliko ljudi je vpletenih;
- **kje si**: koordinate iz telefona, pot, najbližjo vas ali orientacijsko točko;
- **kako je poškodovani**: ali se odziva, diha, krvavi;
- **vreme in teren**: megla, veter, strmo pobočje.

Nato ostani dosegljiv: telefon imej vklopljen in ne kliči drugam. Pokrij poškodovanega, ne premikaj ga, če ni v nevarnosti, in, če lahko, naredi svoj položaj viden z barvnim oblačilom ali lučjo svetilke.`,
    },
  },
  species: {},
};

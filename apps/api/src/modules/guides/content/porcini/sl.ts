import type { GuideText } from '../types.ts';

export const sl: GuideText = {
  title: 'Jurčki: kako jih prepoznati brez napak',
  summary:
    'Kako prepoznaš jurčka, kateri gobani so mu podobni in zakaj morajo nekateri ostati v gozdu, kje in kdaj ga iskati ter kako ga nabirati po pravilih.',
  sections: {
    recognise: {
      title: 'Kako prepoznaš jurčka',
      body: `Z imenom »jurček« (italijansko porcino) označujemo štiri sorodne vrste: *Boletus edulis* (jesenski goban), *B. aereus* (bronasti goban), *B. reticulatus* (poletni goban) in *B. pinophilus* (borov goban). Razlikujejo se po barvi klobuka, času rasti in drevesih, ki jih imajo najraje, a imajo skupnih nekaj znakov, ki jih je vredno preveriti vsakič, pri vsaki gobi.

- **Pod klobukom ni lističev, ampak cevke**: fina goba, pri mladih primerkih bela, nato rumenkasta in nazadnje olivno zelena.
- **Meso je belo in ne spremeni barve**, ko ga prerežeš ali stisneš. Goban, ki na prerezu pomodri, pozeleni ali počrni, ni jurček.
- **Bet je čvrst, pogosto trebušast**, svetel, s fino svetlo mrežico, najbolj vidno zgoraj, pod klobukom.
- **Vonj je prijeten, po gobah in lešnikih**; okus je mil.

Klobuk je od svetlo lešnikove (poletni goban) do temno rjave, skoraj črne barve (bronasti goban), gladek ali rahlo žametast. Noben znak sam ne zadošča: jurčka naredi šele vse skupaj. In tudi ko se vse ujema, je pregled pri gobarskem strokovnjaku edini varen način, da pride na mizo.`,
    },
    'look-alikes': {
      title: 'Gobani, ki so mu podobni',
      body: `Med gobani ni smrtno strupenih vrst, kot so med mušnicami, a nekateri povzročijo hude težave, en sam grenak pa pokvari celo jed.

**Žolčasti grenivec** (*Tylopilus felleus*) je najbolj podoben: raste v istih gozdovih in mlad zavede tudi izkušene. Prepoznaš ga po cevkah, ki s starostjo postanejo rožnate, in po mrežici na betu, ki je groba in temna namesto fina in svetla. Ni strupen, je pa izjemno grenak.

**Vražji goban** (*Rubroboletus satanas*) ima belkast ali svetlo siv klobuk, rdeče luknjice, čokat bet z rdečo mrežico in meso, ki na prerezu pomodri. Star neprijetno smrdi. Povzroči hudo zastrupitev prebavil.

### Preprosto pravilo

Začetnik nabira kot jurčke samo gobane z belimi, rumenimi ali zelenkastimi luknjicami, z mesom, ki ostane belo, in s svetlo mrežico. Rdeče ali oranžne luknjice, meso, ki pomodri, temna mrežica: taka goba ostane v gozdu ali gre k strokovnjaku, ločeno od drugih.`,
    },
    'where-when': {
      title: 'Kje in kdaj ga iskati',
      body: `Jurček živi v sožitju z drevesi: ne raste kjer koli, ampak tam, kjer najde svoje partnerje.

- **Poletni goban**: bukve, kostanji in hrasti, od konca maja do septembra, v gričevnatih in nižjih gorskih gozdovih.
- **Bronasti goban**: kostanji in hrasti na toplih legah, od julija do oktobra.
- **Jesenski goban**: bukovi in jelovi gozdovi v gorah, od avgusta do oktobra.
- **Borov goban**: borovi in mešani gozdovi na višini, poleti in jeseni.

Bolj kot datum šteje vreme. Pravilo gobarjev pravi, da se jurčki pojavijo približno **10–15 dni po obilnem dežju** (30–40 mm), ki mu sledijo mili dnevi brez suhega vetra in mrzlih noči. Sentierova tabela rasti in napovedi za posamezna območja ti povedo, kdaj se splača na pot.

Išči na gozdnih robovih, ob malo uporabljenih poteh, na pobočjih z jutranjim soncem, kjer trava preide v mah in listje. Kjer najdeš enega, se dobro razglej: pogosto jih je v bližini več.`,
    },
    picking: {
      title: 'Pravilno nabiranje',
      body: `Pravila se razlikujejo od regije do regije in pogosto od območja do območja: dovolilnica, dnevna omejitev (običajno 2 ali 3 kg na osebo), ure, zaprti dnevi, najmanjša velikost klobuka. Pred odhodom preberi pravila območja na njegovi strani v Sentieru in imej dovolilnico pri sebi.

- **Naberi celo gobo**, tako da jo previdno izsučeš ali odrežeš pri dnu beta: strokovnjak jo potrebuje celo, da jo prepozna.
- **Očisti jo na mestu** zemlje in listja in **pokrij luknjo** z zemljo: tako zaščitiš podgobje, ki bo dalo gobe v prihodnjih letih.
- **Uporabljaj trdno, zračno košaro**, nikoli plastičnih vrečk: gobe dihajo, se zmečkajo in hitro pokvarijo; v mnogih regijah je plastika prepovedana.
- **Pusti zelo majhne ter stare ali mehke gobe**: prve morajo zrasti, druge trosijo in v kuhinji niso za nič.
- Ne uporabljaj grabelj in ne razkopavaj gozdnih tal: to je skoraj povsod prepovedano in uničuje tla.`,
    },
    kitchen: {
      title: 'Iz gozda v kuhinjo',
      body: `Doma najprej odnesi nabrano na mikološko inšpekcijo lokalne zdravstvene uprave ali h gobarskemu strokovnjaku: pregled je brezplačen in traja le nekaj minut.

Jurčki se ne obdržijo dolgo: očisti jih z vlažno krpo ali nožkom, ne umivaj jih pod pipo, in jih skuhaj v enem ali dveh dneh; do takrat jih hrani v hladilniku v odprti posodi. Odstrani dele z rovi ličink in mehke cevke zrelih gob.

Za dlje jih lahko posušiš na tanke rezine ali zamrzneš, najbolje že kuhane. Jurčke vedno jemo kuhane in zmerno: tudi užitna goba je v večji količini težko prebavljiva.`,
    },
  },
  species: {
    'boletus-edulis': {
      description:
        'Klobuk lešnikov do rjav, cevke bele, nato rumeno zelene, belo meso, ki se na prerezu ne spremeni, svetel trebušast bet s fino svetlo mrežico zgoraj. Bukovi in jelovi gozdovi, od avgusta do oktobra.',
      lookAlikes: {
        'tylopilus-felleus':
          'Cevke, ki porožnatijo, groba temno rjava mrežica na betu, izjemno grenak okus. Ni strupen, a pokvari vsako jed.',
        'rubroboletus-satanas':
          'Belkast ali siv klobuk, rdeče luknjice, rdeča mrežica na betu, meso, ki na prerezu pomodri. Povzroči hudo zastrupitev prebavil.',
      },
    },
    'boletus-aereus': {
      description:
        'Temno rjav, skoraj črn, žametast klobuk; lešnikov bet s fino mrežico; čvrsto belo meso. Topli kostanjevi in hrastovi gozdovi, od julija do oktobra.',
      lookAlikes: {
        'tylopilus-felleus':
          'Svetlejši klobuk in rožnate cevke; izdajo ga groba temna mrežica na betu in grenak okus.',
      },
    },
  },
};

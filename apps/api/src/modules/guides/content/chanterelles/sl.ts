import type { GuideText } from '../types.ts';

export const sl: GuideText = {
  title: 'Lisičke: prava rumena in napačna',
  summary:
    'Kako prepoznaš užitno lisičko, kako jo ločiš od strupenega oljkovega livkarja in od lažne lisičke, kje in kdaj jo najdeš ter kako jo pripraviš.',
  sections: {
    recognise: {
      title: 'Kako prepoznaš lisičko',
      body: `Užitna lisička (*Cantharellus cibarius*) je ena najbolj nabiranih gob v Evropi. Njena rumena kot rumenjak se vidi od daleč, a prav barva zavaja: podobne so ji tudi druge rumene ali oranžne gobe. Da jo prepoznaš, glej obliko, ne le barve.

- **Pod klobukom ni pravih lističev**, ampak nizke, debele in tope letvice, ki se razcepljajo in brez prekinitve tečejo po betu navzdol. Pod prstom so kot žile, ne kot tanki listi.
- **Klobuk in bet sta iz enega kosa**: klobuk se razširi v lijak in ima valovit, pogosto nepravilen rob.
- **Meso je čvrsto, belo ali bledo rumeno**, vlaknato kot piščančje prsi, ko bet raztrgaš.
- **Vonj spominja na marelice**, sadno in rahlo.
- **Raste na tleh**, posamično ali v ohlapnih skupinah, nikoli v gostih šopih na lesu ali koreninah.

Če se en sam od teh znakov ne ujema, goba ni lisička. In če se ujemajo vsi, jo vseeno pred kuhanjem pokaži gobarskemu strokovnjaku.`,
    },
    'look-alikes': {
      title: 'Dve dvojnici, ki ju moraš poznati',
      body: `**Oljkov livkar** (*Omphalotus olearius*) je nevarna dvojnica. Je živo oranžen, večji in bolj mesnat od lisičke in raste **v gostih šopih ob vznožju oljk, hrastov in kostanjev** ali na njihovih koreninah. Ima **prave lističe**, tanke, goste in ostre, ki v temi lahko šibko svetijo. Povzroči hudo zastrupitev prebavil z bruhanjem in drisko nekaj ur po obroku.

**Lažna lisička** (*Hygrophoropsis aurantiaca*) je oranžna, tanjša in mehkejša. Ima prave, goste in razcepljene lističe, ki se zlahka ločijo od klobuka, in raste med borovimi iglicami ali na trhlem lesu. Ni tako nevarna kot oljkov livkar, ni pa užitna in nekaterim povzroča težave.

### Preverjanje v treh korakih

- Poglej, kje raste: raztreseno po tleh (lisička) ali v šopu na lesu (oljkov livkar)?
- Podrsaj s prstom pod klobukom: tope letvice (lisička) ali tanki lističi, ki se ločijo (dvojnici)?
- Raztrgaj bet: belo in vlaknato meso (lisička) ali oranžno po vsej debelini (oljkov livkar)?`,
    },
    'where-when': {
      title: 'Kje in kdaj jo najdeš',
      body: `Lisička živi v sožitju z bukvami, kostanji, hrasti, jelkami in bori. Pogosto jo najdeš na vlažnih pobočjih, v mahu, na brežinah ob poteh in v redkih gozdovih z malo podrasti.

Sezona traja od junija do oktobra, najbolj obilna je med julijem in septembrom. Je manj zahtevna od jurčka: zadoščajo redno deževje in mile temperature. Po sušnem obdobju se pojavi nekaj dni po prvi nevihti.

Lisičke rastejo počasi in dolgo ostanejo na istem mestu: isti gozd jih daje leto za letom, če tla niso uničena.`,
    },
    'picking-cooking': {
      title: 'Nabiranje in kuhanje',
      body: `Veljajo pravila območja, ki jih najdeš v Sentieru: dovolilnica, dnevna omejitev, ure, trdna košara. Lisičko odreži pri dnu z nožem, majhne pusti na mestu (mnoge regije določajo najmanjšo velikost) in jo takoj očisti iglic in zemlje, da ostane košara čista.

V kuhinji lisičko **vedno skuhaj**: surova je neprebavljiva. Očisti jo s čopičem ali krpo, umij jo le, če je zelo umazana, in jo takoj osuši. Praži jo v ponvi na močnem ognju, najprej brez maščobe, da izgubi vodo, nato z oljem ali maslom. Dobro se ohrani v olju, potem ko jo na hitro prevreš v kisu, ali popražena in zamrznjena; posušena postane žilava in izgubi vonj.`,
    },
  },
  species: {
    'cantharellus-cibarius': {
      description:
        'Rumena kot rumenjak, lijakasta, s topimi razcepljenimi letvicami namesto lističev, ki tečejo po betu navzdol; belo vlaknato meso, vonj po marelicah. Na tleh, od junija do oktobra.',
      lookAlikes: {
        'omphalotus-olearius':
          'Živo oranžen, v gostih šopih na štorih in koreninah oljk, hrastov in kostanjev; pravi tanki lističi in oranžno meso. Povzroči hudo zastrupitev prebavil.',
        'hygrophoropsis-aurantiaca':
          'Oranžna, tanka in mehka, s pravimi gostimi lističi, ki se ločijo od klobuka; med borovimi iglicami ali na trhlem lesu. Ni užitna.',
      },
    },
  },
};

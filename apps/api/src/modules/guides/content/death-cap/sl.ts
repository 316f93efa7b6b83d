import type { GuideText } from '../types.ts';

export const sl: GuideText = {
  title: 'Zelena mušnica: goba, ki ubija, in s čim jo zamenjamo',
  summary:
    'Zelena mušnica povzroči skoraj vse smrtne zastrupitve z gobami v Evropi. Kako jo prepoznaš, s katerimi užitnimi gobami jo zamenjujejo, kakšne simptome povzroča in kaj narediti takoj.',
  sections: {
    recognise: {
      title: 'Kako jo prepoznaš: klobuk, obroček, nožnica',
      body: `*Amanita phalloides*, zelena mušnica, je kriva za veliko večino smrtnih zastrupitev z gobami v Evropi. En sam klobuk lahko ubije odraslega človeka, njeni strupi (amatoksini) pa **se ne uničijo s kuhanjem, sušenjem ali zamrzovanjem**.

Prepoznati jo pomeni pogledati celo gobo, **skupaj z dniščem**:

- **Klobuk** olivno zelen, rumenkasto zelen ali bronast, včasih skoraj bel, gladek, s temnejšimi radialnimi vlakni. Nima bradavic.
- **Beli lističi**, gosti, prosti od beta: ostanejo beli tudi pri starih gobah.
- **Obroček**: bel, kot krilce, visoko na betu (včasih odpade ali se strga).
- **Nožnica**: dnišče beta je odebeljeno in tiči v belem kožnatem mešičku, kot v razbiti jajčni lupini. Pogosto je **v zemlji ali med listjem**: kdor gobo izpuli ali odreže, jo pusti v gozdu in izgubi najpomembnejši znak.

Raste od julija do oktobra, predvsem pod hrasti, kostanji in bukvami, pa tudi v mestnih parkih. Je pogosta, ni redkost iz učbenika.

**Železno pravilo**: gobe z belimi lističi, obročkom in nožnico nikoli ne nabiraš za jed. Nikoli.`,
    },
    'mistaken-for': {
      title: 'S čim jo zamenjujejo',
      body: `Skoraj vsaka zastrupitev se začne z zamenjavo z užitno gobo, ki jo nekdo »dobro pozna«.

- **Zelene golobice** (*Russula virescens* in druge zelene golobice): klobuk zelen kot pri zeleni mušnici, beli lističi. Golobice pa nimajo ne obročka ne nožnice, njihovo meso pa se lomi kot kreda.
- **Kukmaki** (*Agaricus*): obroček in svetel klobuk. Njihovi lističi so pri mladih rožnati in nato čokoladno rjavi, nikoli beli, nožnice pa ni. Pazi na čisto mlade, še zaprte kukmake: vedno jih prereži, da vidiš barvo lističev.
- **Prašnice** (*Lycoperdon*): mlada zelena mušnica, še zaprta v ovoju, je belo »jajce«, podobno prašnici. Vsako prašnico prereži po dolgem: prašnica je znotraj bela in enotna; jajce mušnice pokaže obris klobuka, lističev in beta.
- Tudi nabiralci **kolobarnic** in golobic spremenljivih barv so že zamenjali: vsako gobo preglej posebej, nikoli »na kup«.

V košari zelena mušnica okuži druge gobe z drobci mesa. Če dvomiš o enem samem primerku, daj pregledati vse nabrano.`,
    },
    poisoning: {
      title: 'Simptomi in kaj narediti',
      body: `Zastrupitev z zeleno mušnico je zahrbtna, ker **pride pozno**. 6–24 ur po obroku (običajno 8–12) ne čutiš ničesar. Nato se pojavijo bruhanje, huda driska in bolečine v trebuhu. Po enem ali dveh dneh se zdi, da je bolje, medtem ko se jetra uničujejo.

Zato zdravniki pravijo: **simptomi, ki se začnejo več kot šest ur po obroku gob, kažejo na mušnico**, dokler se ne dokaže drugače.

- Takoj pokliči **112** ali **center za zastrupitve** in pojdi na urgenco, tudi če se počutiš bolje.
- S seboj vzemi **ostanke jedi**, odpadke od čiščenja in morebitne preostale surove gobe: dežurni strokovnjak v bolnišnici jih prepozna.
- Opozori **vse, ki so jedli** isto jed, tudi če se dobro počutijo.
- Ne čakaj, ne izzivaj bruhanja sam, ne jemlji domačih zdravil.

Prej ko se zdravljenje začne, večja je možnost, da se jetra rešijo.`,
    },
    'white-amanitas': {
      title: 'Bele mušnice',
      body: `Dve bližnji sorodnici zelene mušnice sta še bolj zahrbtni, ker sta povsem beli: pomladanska mušnica (*Amanita verna*), ki se pojavi spomladi in v začetku poletja pod listavci, in koničasta mušnica (*Amanita virosa*) iz gorskih iglastih gozdov. Vsebujeta enake smrtno nevarne strupe.

Zamenjujejo ju predvsem s kukmaki in drugimi belimi gobami travnikov in gozdov. Pravilo je enako: **beli lističi, obroček in nožnica ob dnišču** pomenijo mušnico.

Kdor nabira bele gobe za jed, jih mora vsakič dati pregledati strokovnjaku. Belo gobo, najdeno v gozdu, ki je ne poznaš zagotovo, je bolje fotografirati kot nabrati.`,
    },
  },
  species: {
    'amanita-phalloides': {
      description:
        'Klobuk olivno zelen, rumenkast ali skoraj bel, z radialnimi vlakni; beli, prosti lističi; bel obroček kot krilce; bela mešičasta nožnica ob dnišču, pogosto v zemlji. Pod listavci, od julija do oktobra. Smrtno strupena tudi kuhana.',
      lookAlikes: {
        'russula-virescens':
          'Zelen klobuk, razpokan v drobne ploščice, beli lističi, a brez obročka in brez nožnice; meso se lomi kot kreda.',
        'agaricus-campestris':
          'Obroček in bel klobuk, a lističi najprej rožnati, nato čokoladno rjavi, in brez nožnice. Na travnikih, ne v gozdu.',
        'lycoperdon-perlatum':
          'Prerezana po dolgem je znotraj bela in enotna; »jajce« mušnice pa pokaže obris klobuka in lističev. Užitna le mlada in povsem bela.',
      },
    },
  },
};

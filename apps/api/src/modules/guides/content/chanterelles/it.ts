import type { GuideText } from '../types.ts';

export const it: GuideText = {
  title: 'Finferli: il giallo giusto e quello sbagliato',
  summary:
    "Come si riconosce il finferlo, come distinguerlo dal fungo dell'olivo, tossico, e dal falso gallinaccio, dove e quando trovarlo e come portarlo in cucina.",
  sections: {
    recognise: {
      title: 'Come si riconosce un finferlo',
      body: `Il finferlo (*Cantharellus cibarius*), chiamato anche gallinaccio o galletto, è uno dei funghi più raccolti d'Europa. Il suo colore giallo tuorlo si vede da lontano, ma è proprio il colore a ingannare: altri funghi gialli o arancioni gli somigliano. Per riconoscerlo guarda la forma, non solo il colore.

- **Sotto il cappello non ci sono vere lamelle** ma pieghe basse, spesse e ottuse, che si biforcano e scendono lungo il gambo senza staccarsi. Passandoci un dito sembrano venature, non lame sottili.
- **Cappello e gambo sono un pezzo unico**: il cappello si allarga a imbuto e ha il bordo ondulato, spesso irregolare.
- **La carne è soda, bianca o giallo pallido**, fibrosa come quella del petto di pollo quando si strappa il gambo.
- **Il profumo ricorda l'albicocca**, fruttato e leggero.
- **Cresce a terra**, singolo o in gruppetti sparsi, mai in grossi cespi su legno o radici.

Se anche uno di questi caratteri non torna, il fungo non è un finferlo. E se tutti tornano, fallo comunque vedere a un micologo prima di cucinarlo.`,
    },
    'look-alikes': {
      title: 'Due sosia da conoscere',
      body: `Il **fungo dell'olivo** (*Omphalotus olearius*) è il sosia pericoloso. È arancione vivo, più grande e carnoso del finferlo e cresce **a cespi fitti alla base di olivi, querce e castagni** o sulle loro radici. Ha **vere lamelle**, sottili, fitte e taglienti, che al buio possono brillare debolmente. Provoca una grave intossicazione gastrointestinale, con vomito e diarrea poche ore dopo il pasto.

Il **falso gallinaccio** (*Hygrophoropsis aurantiaca*) è arancione, più sottile e molle. Ha lamelle vere, fitte e biforcate, che si staccano facilmente dal cappello, e cresce tra gli aghi dei pini o su legno marcio. Non è pericoloso come il fungo dell'olivo, ma non è commestibile e a qualcuno dà disturbi.

### Il controllo in tre gesti

- Guarda dove cresce: sul terreno sparso (finferlo) o in cespo sul legno (fungo dell'olivo)?
- Passa un dito sotto il cappello: pieghe ottuse (finferlo) o lamelle sottili che si separano (sosia)?
- Strappa il gambo: carne bianca e fibrosa (finferlo) o arancione in tutto lo spessore (fungo dell'olivo)?`,
    },
    'where-when': {
      title: 'Dove e quando trovarlo',
      body: `Il finferlo vive in simbiosi con faggi, castagni, querce, abeti e pini. Lo si trova spesso sui versanti umidi, tra il muschio, lungo le scarpate dei sentieri e nei boschi radi con poca vegetazione a terra.

La stagione va da giugno a ottobre, con il picco tra luglio e settembre. È meno capriccioso del porcino: bastano piogge regolari e temperature miti. Dopo un periodo secco compare qualche giorno dopo il primo temporale.

I finferli crescono lentamente e restano a lungo nello stesso posto: lo stesso bosco ne dà anno dopo anno, se il terreno non viene rovinato.`,
    },
    'picking-cooking': {
      title: 'Raccoglierlo e cucinarlo',
      body: `Valgono le regole dell'area che trovi su Sentiero: permesso, limite giornaliero, orari, cestino rigido. Taglia il finferlo alla base con un coltello, lascia sul posto quelli piccoli (molte regioni fissano una misura minima) e puliscilo subito da aghi e terra, così il cestino resta pulito.

In cucina il finferlo va **sempre cotto**: crudo è indigesto. Si pulisce con un pennello o un panno, si lava solo se molto sporco e si asciuga subito. Si cuoce in padella a fuoco vivo, prima senza condimento perché perda l'acqua, poi con olio o burro. Si conserva bene sott'olio, dopo una scottatura in aceto, oppure saltato e congelato; essiccato diventa duro e perde profumo.`,
    },
  },
  species: {
    'cantharellus-cibarius': {
      description:
        'Giallo tuorlo, a imbuto, con pieghe ottuse e biforcate che scendono lungo il gambo invece delle lamelle; carne bianca e fibrosa, profumo di albicocca. A terra, da giugno a ottobre.',
      lookAlikes: {
        'omphalotus-olearius':
          'Arancione vivo, in cespi fitti su ceppi e radici di olivi, querce e castagni; vere lamelle sottili e carne arancione. Causa una grave intossicazione gastrointestinale.',
        'hygrophoropsis-aurantiaca':
          'Arancione, sottile e molle, con lamelle vere e fitte che si staccano dal cappello; tra gli aghi dei pini o su legno marcio. Non commestibile.',
      },
    },
  },
};

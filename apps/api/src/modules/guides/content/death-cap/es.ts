import type { GuideText } from '../types.ts';

export const es: GuideText = {
  title: 'La oronja verde: la seta que mata y con qué se confunde',
  summary:
    'La oronja verde causa casi todas las muertes por setas en Europa. Cómo reconocerla, con qué setas comestibles se confunde, qué síntomas da y qué hacer enseguida.',
  sections: {
    recognise: {
      title: 'Reconocerla: sombrero, anillo, volva',
      body: `La *Amanita phalloides*, la oronja verde, está detrás de la gran mayoría de las intoxicaciones mortales por setas en Europa. Basta un solo sombrero para matar a un adulto, y sus toxinas (las amatoxinas) **no se destruyen al cocinarla, secarla ni congelarla**.

Reconocerla significa mirar la seta entera, **base incluida**:

- **Sombrero** verde oliva, amarillo verdoso o bronceado, a veces casi blanco, liso y con fibrillas radiales más oscuras. No tiene verrugas.
- **Láminas blancas**, apretadas, libres del pie: siguen blancas incluso en los ejemplares viejos.
- **Anillo** blanco, en forma de faldita, en lo alto del pie (a veces se cae o se rompe).
- **Volva**: en la base el pie se ensancha y queda encerrado en un saco membranoso blanco, como una cáscara de huevo rota. A menudo está **bajo tierra o entre las hojas**: quien arranca o corta la seta la deja en el bosque y pierde la señal más importante.

Crece de julio a octubre, sobre todo bajo robles, castaños y hayas, pero también en parques urbanos. Es común: no es una rareza de manual.

**Regla de hierro**: una seta con láminas blancas, anillo y volva no se recoge para comer. Nunca.`,
    },
    'mistaken-for': {
      title: 'Con qué se confunde',
      body: `Casi todas las intoxicaciones nacen de un cambio con una seta comestible que «se conoce bien».

- **Rúsulas verdes** (*Russula virescens* y otras rúsulas verdes): sombrero tan verde como el de la oronja verde, láminas blancas. Pero las rúsulas no tienen ni anillo ni volva, y su carne se rompe como una tiza.
- **Champiñones** (*Agaricus*): anillo y sombrero claro. Pero sus láminas son rosadas en los jóvenes y después chocolate, nunca blancas, y no hay volva. Cuidado con los champiñones muy jóvenes, todavía cerrados: córtalos siempre para ver el color de las láminas.
- **Pedos de lobo** (*Lycoperdon*): la oronja verde joven, aún cerrada en la volva, es un «huevo» blanco que se parece a un pedo de lobo. Corta cada uno por la mitad a lo largo: el pedo de lobo es blanco y uniforme por dentro; el huevo de amanita muestra el perfil del sombrero, las láminas y el pie.
- También quien recoge **tricolomas** o rúsulas de color variable ha sufrido confusiones: mira cada seta una por una, nunca «a montones».

En la cesta, la oronja verde contamina las demás setas con fragmentos de carne. Si dudas de un solo ejemplar, haz revisar toda la recolección.`,
    },
    poisoning: {
      title: 'Los síntomas y qué hacer',
      body: `El envenenamiento por oronja verde es traicionero porque **llega tarde**. Durante 6–24 horas después de la comida (normalmente 8–12) no se nota nada. Después aparecen vómitos, diarrea violenta y dolor abdominal. Tras uno o dos días la persona parece mejorar, mientras el hígado se va destruyendo.

Por eso los médicos dicen: **síntomas que empiezan más de seis horas después de una comida de setas hacen pensar en una amanita** mientras no se demuestre lo contrario.

- Llama enseguida al **112** o a un **centro de toxicología** y ve a urgencias, aunque te encuentres mejor.
- Lleva las **sobras**, los restos de la limpieza y, si quedan, las setas crudas: el micólogo de guardia del hospital las identifica.
- Avisa a **todos los que comieron** el mismo plato, aunque estén bien.
- No esperes, no te provoques el vómito, no tomes remedios caseros.

Cuanto antes empiece el tratamiento, más posibilidades hay de salvar el hígado.`,
    },
    'white-amanitas': {
      title: 'Las amanitas blancas',
      body: `Dos parientes cercanas de la oronja verde son aún más traicioneras porque son totalmente blancas: la *Amanita verna*, que aparece en primavera y a principios del verano bajo frondosas, y la *Amanita virosa*, de los bosques de coníferas de montaña. Contienen las mismas toxinas mortales.

Se confunden sobre todo con champiñones y otras setas blancas de prados y bosques. La regla es la misma: **láminas blancas, anillo y volva en la base** significan amanita.

Quien recoge setas blancas para comerlas debe hacerlas revisar cada vez por la inspección micológica. Una seta blanca encontrada en el bosque, sin conocerla con certeza, mejor fotografiarla que recogerla.`,
    },
  },
  species: {
    'amanita-phalloides': {
      description:
        'Sombrero verde oliva, amarillento o casi blanco, con fibrillas radiales; láminas blancas y libres; anillo blanco en faldita; volva blanca en forma de saco en la base, a menudo enterrada. Bajo frondosas, de julio a octubre. Mortal incluso cocinada.',
      lookAlikes: {
        'russula-virescens':
          'Sombrero verde agrietado en pequeñas placas, láminas blancas, pero sin anillo ni volva; la carne se rompe como una tiza.',
        'agaricus-campestris':
          'Anillo y sombrero blanco, pero láminas rosadas y luego marrón chocolate, y sin volva. En los prados, no en el bosque.',
        'lycoperdon-perlatum':
          'Cortado a lo largo es blanco y uniforme por dentro; un «huevo» de amanita muestra en cambio el perfil del sombrero y las láminas. Comestible solo joven y blanco por completo.',
      },
    },
  },
};

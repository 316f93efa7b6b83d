import type { GuideText } from '../types.ts';

export const es: GuideText = {
  title: 'Boletos: reconocerlos sin equivocarse',
  summary:
    'Cómo se reconoce un boleto comestible, qué boletos se le parecen y por qué algunos deben quedarse en el bosque, dónde y cuándo buscarlo y cómo recogerlo respetando las normas.',
  sections: {
    recognise: {
      title: 'Cómo se reconoce un boleto comestible',
      body: `Bajo el nombre de «porcino» (en España, boleto) se agrupan cuatro especies cercanas: *Boletus edulis*, *B. aereus* (el boleto negro), *B. reticulatus* (el boleto de verano) y *B. pinophilus* (el boleto de pino). Cambian el color del sombrero, la temporada y los árboles preferidos, pero comparten unos pocos rasgos que conviene comprobar siempre, en cada ejemplar.

- **Bajo el sombrero no hay láminas sino tubos**: una esponja fina, blanca en los ejemplares jóvenes, luego amarillenta y al final verde oliva.
- **La carne es blanca y no cambia de color** al cortarla o presionarla. Un boleto que se vuelve azul, verde o negro al corte no es un porcino.
- **El pie es robusto, a menudo panzudo**, claro, con un retículo fino y claro, más visible arriba, junto al sombrero.
- **El olor es agradable, a seta y avellana**; el sabor, suave.

El sombrero va del avellana claro (boleto de verano) al marrón oscuro casi negro (boleto negro), liso o apenas aterciopelado. Ningún rasgo basta por sí solo: es el conjunto lo que hace al porcino. E incluso cuando todo encaja, la revisión de un micólogo sigue siendo la única manera segura de llevarlo a la mesa.`,
    },
    'look-alikes': {
      title: 'Los boletos que se le parecen',
      body: `Entre los boletos no hay especies mortales como entre las amanitas, pero algunos sientan muy mal y uno solo, amargo, estropea un plato entero.

El **boleto amargo** (*Tylopilus felleus*) es el más parecido: crece en los mismos bosques y, de joven, engaña incluso a quien tiene experiencia. Se reconoce por los tubos, que se vuelven rosados con la edad, y por el retículo del pie, grueso y oscuro en lugar de fino y claro. No es venenoso, pero es amarguísimo.

El **boleto de Satanás** (*Rubroboletus satanas*) tiene el sombrero blanquecino o gris claro, los poros rojos, el pie rechoncho con un retículo rojo y la carne que azulea al corte. Al envejecer huele mal. Provoca una fuerte intoxicación gastrointestinal.

### Una regla sencilla

Quien empieza recoge como porcinos solo boletos con poros blancos, amarillos o verdosos, carne que sigue blanca y retículo claro. Poros rojos o anaranjados, carne que azulea, retículo oscuro: esa seta se queda en el bosque, o se lleva a un micólogo separada de las demás.`,
    },
    'where-when': {
      title: 'Dónde y cuándo buscarlo',
      body: `El porcino vive en simbiosis con los árboles: no crece en cualquier sitio, sino donde encuentra a sus compañeros.

- **Boleto de verano**: hayas, castaños y robles, de finales de mayo a septiembre, en bosques de colina y media montaña.
- **Boleto negro**: castaños y robles en zonas cálidas, de julio a octubre.
- **Boleto comestible**: hayedos y abetales de montaña, de agosto a octubre.
- **Boleto de pino**: pinares y bosques mixtos de altura, en verano y otoño.

Más que la fecha cuenta el tiempo. La regla de los buscadores dice que los porcinos aparecen unos **10–15 días después de una lluvia abundante** (30–40 mm) seguida de días templados, sin viento seco ni frío nocturno. La tabla de crecimiento de Sentiero y las previsiones por zona sirven precisamente para saber cuándo merece la pena salir.

Busca en los bordes del bosque, junto a senderos poco transitados, en laderas que reciben el sol de la mañana, donde la hierba deja paso al musgo y la hojarasca. Donde encuentres uno, mira bien alrededor: suele haber más.`,
    },
    picking: {
      title: 'Recoger bien',
      body: `Las normas cambian de una región a otra y a menudo de una zona a otra: permiso, límite diario (normalmente 2 o 3 kg por persona), horarios, días de cierre, tamaño mínimo del sombrero. Antes de salir, lee las normas de la zona en su página de Sentiero y lleva el permiso contigo.

- **Recoge la seta entera**, girándola con cuidado o cortándola por la base del pie: el micólogo la necesita entera para identificarla.
- **Límpiala allí mismo** de tierra y hojas y **tapa el hueco** con tierra: protege el micelio que dará las setas de los próximos años.
- **Usa una cesta rígida y aireada**, nunca bolsas de plástico: las setas respiran, se aplastan y se estropean enseguida; en muchas regiones el plástico está prohibido.
- **Deja los ejemplares muy pequeños y los viejos o blandos**: los primeros tienen que crecer, los segundos esparcen esporas y en la cocina no valen nada.
- No uses rastrillos ni remuevas el sotobosque: está prohibido casi en todas partes y destruye el suelo.`,
    },
    kitchen: {
      title: 'Del bosque a la cocina',
      body: `En casa, antes que nada, lleva lo recogido a la inspección micológica de tu autoridad sanitaria o a un micólogo: la revisión es gratuita y bastan unos minutos.

El porcino se conserva poco: límpialo con un paño húmedo o un cuchillo pequeño, sin lavarlo bajo el grifo, y cocínalo en uno o dos días, guardado en la nevera en un recipiente abierto. Quita las partes con galerías de larvas y los tubos blandos de los ejemplares maduros.

Para conservarlo más tiempo se puede secar en láminas finas o congelar, mejor ya cocinado. Los porcinos se comen siempre cocinados y con moderación: incluso una seta comestible, en cantidad, es un alimento pesado.`,
    },
  },
  species: {
    'boletus-edulis': {
      description:
        'Sombrero de avellana a marrón, tubos blancos y luego amarillo verdosos, carne blanca que no cambia al corte, pie claro y panzudo con un retículo fino y claro arriba. Hayedos y abetales, de agosto a octubre.',
      lookAlikes: {
        'tylopilus-felleus':
          'Tubos que se vuelven rosados, retículo del pie grueso y marrón oscuro, sabor amarguísimo. No es venenoso, pero estropea cualquier plato.',
        'rubroboletus-satanas':
          'Sombrero blanquecino o gris, poros rojos, retículo rojo en el pie, carne que azulea al corte. Causa una intoxicación gastrointestinal grave.',
      },
    },
    'boletus-aereus': {
      description:
        'Sombrero marrón oscuro, casi negro, aterciopelado; pie avellana con retículo fino; carne blanca y firme. Castañares y robledales cálidos, de julio a octubre.',
      lookAlikes: {
        'tylopilus-felleus':
          'Sombrero más claro y tubos rosados; el retículo oscuro y grueso del pie y el sabor amargo lo delatan.',
      },
    },
  },
};

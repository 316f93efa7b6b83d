import type { GuideText } from '../types.ts';

export const es: GuideText = {
  title: 'Rebozuelos: el amarillo correcto y el equivocado',
  summary:
    'Cómo se reconoce el rebozuelo, cómo distinguirlo de la seta de olivo, tóxica, y del falso rebozuelo, dónde y cuándo encontrarlo y cómo llevarlo a la cocina.',
  sections: {
    recognise: {
      title: 'Cómo se reconoce un rebozuelo',
      body: `El rebozuelo (*Cantharellus cibarius*) es una de las setas más recolectadas de Europa. Su amarillo yema de huevo se ve de lejos, pero es precisamente el color lo que engaña: otras setas amarillas o anaranjadas se le parecen. Para reconocerlo mira la forma, no solo el color.

- **Bajo el sombrero no hay láminas verdaderas** sino pliegues bajos, gruesos y romos, que se bifurcan y bajan por el pie sin interrupción. Al pasar un dedo parecen venas, no hojas finas.
- **Sombrero y pie son una sola pieza**: el sombrero se abre en embudo y tiene el borde ondulado, a menudo irregular.
- **La carne es firme, blanca o amarillo pálido**, fibrosa como la pechuga de pollo cuando se rasga el pie.
- **El olor recuerda al albaricoque**, afrutado y suave.
- **Crece en el suelo**, solo o en grupos dispersos, nunca en matas apretadas sobre madera o raíces.

Si uno solo de estos rasgos no encaja, la seta no es un rebozuelo. Y si encajan todos, enséñasela igualmente a un micólogo antes de cocinarla.`,
    },
    'look-alikes': {
      title: 'Dos dobles que conviene conocer',
      body: `La **seta de olivo** (*Omphalotus olearius*) es el doble peligroso. Es de un naranja vivo, más grande y carnosa que el rebozuelo, y crece **en matas apretadas al pie de olivos, robles y castaños** o sobre sus raíces. Tiene **láminas verdaderas**, finas, apretadas y cortantes, que en la oscuridad pueden brillar débilmente. Provoca una intoxicación gastrointestinal grave, con vómitos y diarrea pocas horas después de la comida.

El **falso rebozuelo** (*Hygrophoropsis aurantiaca*) es anaranjado, más delgado y blando. Tiene láminas verdaderas, apretadas y bifurcadas, que se separan fácilmente del sombrero, y crece entre la pinocha o sobre madera podrida. No es tan peligroso como la seta de olivo, pero no es comestible y a algunas personas les sienta mal.

### La comprobación en tres gestos

- Mira dónde crece: disperso en el suelo (rebozuelo) o en mata sobre madera (seta de olivo).
- Pasa un dedo bajo el sombrero: pliegues romos (rebozuelo) o láminas finas que se separan (los dobles).
- Rasga el pie: carne blanca y fibrosa (rebozuelo) o naranja en todo su grosor (seta de olivo).`,
    },
    'where-when': {
      title: 'Dónde y cuándo encontrarlo',
      body: `El rebozuelo vive en simbiosis con hayas, castaños, robles, abetos y pinos. Suele encontrarse en laderas húmedas, entre el musgo, en los taludes de los caminos y en bosques claros con poca vegetación en el suelo.

La temporada va de junio a octubre, con el máximo entre julio y septiembre. Es menos caprichoso que el porcino: bastan lluvias regulares y temperaturas suaves. Tras un periodo seco aparece pocos días después de la primera tormenta.

Los rebozuelos crecen despacio y se quedan mucho tiempo en el mismo lugar: el mismo bosque los da año tras año, si no se estropea el suelo.`,
    },
    'picking-cooking': {
      title: 'Recogerlo y cocinarlo',
      body: `Valen las normas de la zona que encontrarás en Sentiero: permiso, límite diario, horarios, cesta rígida. Corta el rebozuelo por la base con un cuchillo, deja en su sitio los pequeños (muchas regiones fijan un tamaño mínimo) y límpialo enseguida de pinocha y tierra, así la cesta se mantiene limpia.

En la cocina el rebozuelo se come **siempre cocinado**: crudo es indigesto. Se limpia con un pincel o un paño, se lava solo si está muy sucio y se seca enseguida. Se hace en la sartén a fuego vivo, primero sin grasa para que suelte el agua, y después con aceite o mantequilla. Se conserva bien en aceite, tras escaldarlo en vinagre, o salteado y congelado; seco se endurece y pierde el aroma.`,
    },
  },
  species: {
    'cantharellus-cibarius': {
      description:
        'Amarillo yema, en forma de embudo, con pliegues romos y bifurcados que bajan por el pie en lugar de láminas; carne blanca y fibrosa, olor a albaricoque. En el suelo, de junio a octubre.',
      lookAlikes: {
        'omphalotus-olearius':
          'Naranja vivo, en matas apretadas sobre tocones y raíces de olivos, robles y castaños; láminas verdaderas y finas, carne naranja. Causa una intoxicación gastrointestinal grave.',
        'hygrophoropsis-aurantiaca':
          'Anaranjado, delgado y blando, con láminas verdaderas y apretadas que se separan del sombrero; entre la pinocha o sobre madera podrida. No comestible.',
      },
    },
  },
};

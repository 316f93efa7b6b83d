import type { GuideText } from '../types.ts';

export const es: GuideText = {
  title: 'Pesca en lago: dónde están los peces y cómo pescarlos',
  summary:
    'Cómo cambia un lago con las estaciones, las normas de los grandes lagos (también los compartidos con Suiza), las técnicas desde la orilla y desde la barca y cómo estar seguro en el agua.',
  sections: {
    'lake-basics': {
      title: 'Entender un lago',
      body: `Un lago parece inmóvil, pero sus peces se desplazan mucho a lo largo del año. Saber dónde están cuenta más que el cebo.

- **Primavera**: el agua de la orilla se calienta antes. Lucios y percas se acercan a las orillas, los carrizales y las bahías poco profundas para reproducirse. Es también la época de las vedas: infórmate antes de salir.
- **Verano**: el agua de superficie se calienta y pierde oxígeno. Los peces bajan adonde el agua está fresca, a menudo por debajo de 10–15 metros, y vuelven hacia la orilla al amanecer y al atardecer.
- **Otoño**: el agua se mezcla de nuevo y los depredadores cazan con ganas en los cortados y las puntas. Es la mejor temporada para la perca y el lucio.
- **Invierno**: los peces están lentos y profundos; se pesca poco y con cebos pequeños.

Busca los **cambios de fondo**: los cortados donde el fondo cae de golpe, las puntas que entran en el lago, las desembocaduras de los arroyos, los embarcaderos, los postes y los árboles sumergidos. Los peces se reúnen donde hay refugio y por donde pasa la comida.

El viento cuenta: la orilla hacia la que sopla acumula comida y a menudo peces, pero allí las olas también son más fuertes.`,
    },
    rules: {
      title: 'Las normas de los lagos',
      body: `Para pescar en un lago hacen falta, como en los ríos, la **licencia regional** y, donde se pida, el carné FIPSAS y un permiso. En muchos lagos la pesca desde la orilla es libre con la sola licencia, mientras que la **pesca desde barca** y el curricán piden un permiso más y tienen normas sobre el número de cañas y anzuelos.

- **Vedas de reproducción**: cada especie tiene su periodo protegido, por ejemplo el lucio a finales del invierno y la perca en primavera. Las fechas cambian de un lago a otro.
- **Tallas mínimas y cupos**: se fijan por especie, a menudo más estrictos para la perca y el corégono.
- **Lagos compartidos**: en el Lago Mayor y el Lago de Lugano, en parte suizos, valen las normas de un convenio de pesca italo-suizo; comprueba qué permiso vale en la orilla donde pescas.
- **Zonas prohibidas**: puertos, playas de baño en verano, zonas de protección de la fauna y junto a las tomas de agua.

La página de la zona en Sentiero indica el permiso adecuado y el reglamento del lago para descargar.`,
    },
    techniques: {
      title: 'Las técnicas',
      body: `- **Flotador desde la orilla**: la técnica más sencilla, con una lombriz o un asticot, para percas y peces blancos cerca de embarcaderos y carrizales.
- **Pesca a fondo**: un plomo corredizo y un cebo en el fondo, para carpas, tencas y anguilas donde esté permitido. Paciencia y un buen soporte para la caña.
- **Spinning y vinilos**: pequeños vinilos y cucharillas a lo largo de los cortados para la perca, señuelos más grandes para el lucio. Para el lucio hace falta siempre un **bajo de acero**: sus dientes cortan el nailon.
- **Desde la barca**: el curricán con señuelos a distintas profundidades, o la pesca vertical en los cortados con la sonda. El corégono se pesca mar adentro, en profundidad, con cebos pequeños y mucha delicadeza.

Un lucio se manipula con cuidado: pinzas largas, una mano bajo el vientre y otra detrás de la cabeza, nunca levantado por las branquias.`,
    },
    'safety-water': {
      title: 'Seguros en el agua',
      body: `En los lagos el tiempo cambia deprisa. Muchos lagos alpinos tienen **vientos regulares**: una brisa del norte por la mañana y otra del sur por la tarde, que en pocas decenas de minutos levantan olas altas. En verano las tormentas llegan con rachas repentinas.

- **Mira la previsión** antes de salir y vuelve a la primera señal de tormenta.
- **Las cañas de carbono conducen la electricidad**: al primer trueno déjalas y aléjate del agua y de los puntos altos.
- **En la barca lleva el chaleco salvavidas**, siempre: el agua de los lagos profundos está fría incluso en verano y el choque por frío quita las fuerzas en pocos minutos.
- En los lagos suizos y en algunos lagos fronterizos, las **luces de alerta** de la orilla parpadean despacio para avisar de un peligro y deprisa ante una tormenta inminente.
- Di a alguien adónde vas y cuándo piensas volver; en caso de emergencia llama al **112**.`,
    },
  },
  species: {
    'perca-fluviatilis': {
      description:
        'Cuerpo verdoso con 5–8 bandas oscuras verticales, primera aleta dorsal espinosa con una mancha negra, aletas ventrales anaranjadas. Vive en bancos a lo largo de cortados y embarcaderos.',
      lookAlikes: {
        'sander-lucioperca':
          'Más alargada, con dientes afilados y ojos grandes y vidriosos; las bandas son menos marcadas. Tiene tallas mínimas y vedas propias.',
      },
    },
    'esox-lucius': {
      description:
        'Cuerpo largo y cilíndrico, hocico en pico de pato lleno de dientes, flancos verdes con manchas claras. Caza al acecho entre carrizos y plantas sumergidas.',
      lookAlikes: {},
    },
    'coregonus-lavaretus': {
      description:
        'Cuerpo plateado y esbelto, boca pequeña sin dientes, aleta adiposa. Vive en bancos en aguas profundas y frescas; se reproduce en invierno y es muy apreciado en la cocina.',
      lookAlikes: {},
    },
  },
};

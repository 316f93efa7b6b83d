import type { GuideText } from '../types.ts';

export const es: GuideText = {
  title: 'Pesca de la trucha: lo básico',
  summary:
    'Licencia, carné FIPSAS y permisos, temporadas y cupos de captura, cómo leer el río, las técnicas más usadas y cómo soltar bien un pez.',
  sections: {
    papers: {
      title: 'Los papeles: licencia, carné, permiso',
      body: `Para pescar en aguas continentales en Italia suelen hacer falta tres cosas, y conviene llevarlas todas encima antes de montar la caña.

- **La licencia de pesca regional**: para la pesca deportiva es la licencia de tipo B, expedida por la región donde se pesca. En muchas regiones basta el recibo del pago anual; los turistas extranjeros a menudo pueden obtener una licencia temporal.
- **El carné FIPSAS** (la federación italiana de pesca deportiva): muchos tramos gestionados por la federación o por asociaciones lo piden, e incluye un seguro. En Sentiero, cuando un permiso lo exige, el número del carné se introduce al comprar, invitado por invitado.
- **El permiso del tramo**: diario, semanal o de temporada, para aguas en concesión, reservas y zonas con reglamento especial. Indica días, horarios, cebos permitidos y número de capturas.

Fuera de Italia cambia el nombre, no la idea: en Suiza hacen falta la licencia cantonal y, para los permisos largos, el certificado de competencia (SaNa); en Eslovenia el permiso diario lo venden las sociedades de pesca locales (ribiške družine); en España hace falta la licencia de la comunidad autónoma y, en los cotos, un permiso del tramo.

Lleva todos los papeles contigo, también en el móvil: los guardas pueden pedirlos en cualquier momento.`,
    },
    'season-limits': {
      title: 'Temporadas y cupos',
      body: `En gran parte de Italia la temporada de trucha **abre entre finales de febrero y marzo y cierra entre finales de septiembre y principios de octubre**: en invierno las truchas se reproducen y hay que dejarlas tranquilas. Las fechas exactas las fija cada región, y cada tramo puede tener excepciones.

- **Número de capturas**: normalmente de 3 a 5 salmónidos por persona y día; en las zonas trofeo a veces solo uno.
- **Talla mínima**: para la trucha común a menudo entre 22 y 25 cm, medida desde la punta del hocico hasta el final de la cola; mucho más, o prohibición total, para la trucha marmorata.
- **Zonas sin muerte**: todos los peces se devuelven, a menudo con anzuelo simple sin muerte y solo señuelos artificiales.
- **Prohibiciones habituales**: cebar, usar peces vivos como cebo, pescar con más de una caña en los ríos.

El tímalo tiene normas propias: se reproduce en primavera y en muchas aguas está protegido o solo se pesca sin muerte.`,
    },
    'reading-water': {
      title: 'Leer el río',
      body: `La trucha se coloca con la cabeza contra la corriente y elige los sitios donde la corriente le trae la comida sin cansarla.

- **Detrás de las piedras** y en las tablas de agua tranquila junto a la corriente fuerte.
- **En la cabecera de las pozas**, donde el agua rápida se frena y se abre.
- **Bajo las orillas socavadas**, las raíces y las ramas que dan sombra.

Acércate **desde aguas abajo**, despacio, sin que tu sombra caiga sobre el agua: una trucha asustada no pica en muchos minutos. Las gafas polarizadas ayudan a ver el fondo y los peces. Los mejores momentos son la primera hora de la mañana, la tarde y los días nublados; tras una pequeña crecida de agua algo tomada, las truchas salen a cazar.`,
    },
    techniques: {
      title: 'Las técnicas',
      body: `- **Spinning**: pequeñas cucharillas y pececillos de 2 a 5 g, lanzados aguas arriba y recogidos con la corriente. Es la técnica más sencilla para empezar.
- **Pesca a mosca**: moscas secas cuando las truchas cebean en superficie, ninfas en el fondo el resto del tiempo. Pide práctica, pero es la más adecuada para soltar.
- **Cebo natural**: la lombriz, donde está permitida, dejada bajar con la corriente con poco plomo. Las truchas la tragan hasta el fondo: si quieres soltar el pez, elige otra técnica.

Equipo ligero, hilo fino y pocos señuelos bien elegidos valen más que una caja llena.`,
    },
    'catch-release': {
      title: 'Soltar bien',
      body: `Una trucha mal soltada muere a menudo en los días siguientes. Unas pocas costumbres marcan la diferencia.

- **Anzuelo simple sin muerte** (o con la muerte aplastada): se desclava en un momento.
- **Pelea corta**: un pez agotado se recupera mal.
- **Manos mojadas**, nunca trapos secos: protegen la mucosa que defiende su piel.
- **El pez se queda en el agua**: desanzuélalo allí con unas pinzas; si quieres una foto, pocos segundos y sobre el agua.
- **Sin presionar el vientre** y sin dedos en las branquias.
- Sujétalo de cara a la corriente hasta que se vaya solo.

Con el agua por encima de 20 °C las truchas sufren: en verano, en las horas de calor, es mejor no pescarlas.`,
    },
  },
  species: {
    'salmo-trutta': {
      description:
        'Dorso pardo oliváceo, flancos dorados con puntos negros y rojos rodeados de claro, aleta adiposa a menudo anaranjada. Ríos frescos y oxigenados; se reproduce en invierno.',
      lookAlikes: {
        'salmo-marmoratus':
          'En lugar de puntos tiene un jaspeado gris verdoso por todo el cuerpo, como el mármol; alcanza gran tamaño. Especie autóctona de las cuencas del Po y del Soča, protegida en muchas aguas: hay que soltarla.',
      },
    },
    'oncorhynchus-mykiss': {
      description:
        'Puntos negros densos, también en la cola, y una banda rosada a lo largo del flanco. Especie norteamericana repoblada en lagunas y en muchos tramos de río.',
      lookAlikes: {},
    },
    'thymallus-thymallus': {
      description:
        'Gran aleta dorsal en forma de vela, escamas plateadas y boca pequeña. Ríos claros con fondo de grava; se reproduce en primavera. En muchas aguas está protegido o solo se pesca sin muerte.',
      lookAlikes: {},
    },
  },
};

import type { GuideText } from '../types.ts';

export const es: GuideText = {
  title: 'Seguros en el bosque',
  summary:
    'Qué preparar antes de salir, cómo no perderse cuando se camina con la cabeza gacha, tormentas y oscuridad, garrapatas, víboras y caza, y cómo pedir ayuda de la forma correcta.',
  sections: {
    'before-you-go': {
      title: 'Antes de salir',
      body: `Cada otoño las noticias en Italia hablan de buscadores de setas que se han caído o perdido. Casi nunca por mala suerte: normalmente por una ladera mojada, un terraplén fuera del sendero o la noche que llega antes de lo previsto. Quien busca setas camina fuera de los senderos, mirando al suelo y a menudo solo: por eso la preparación cuenta más que en una excursión normal.

- **Di a alguien adónde vas** y a qué hora piensas volver, y avísale cuando vuelvas.
- **Móvil cargado** y una batería de repuesto; descarga el mapa de la zona para usarlo sin conexión. En Italia la aplicación oficial *112 Where ARE U* envía tu posición cuando llamas a emergencias.
- **Botas de montaña con suela marcada**: las laderas de hojas mojadas resbalan como el hielo. Un bastón ayuda mucho en las bajadas.
- **Ropa por capas** y una chaqueta impermeable, aunque el día sea bueno.
- **Agua, algo de comer, un silbato, una linterna frontal** y un pequeño botiquín.
- **No vayas solo** por laderas empinadas y no sobreestimes tus fuerzas: la subida con la cesta llena pesa más que la ida.`,
    },
    orientation: {
      title: 'No perderse',
      body: `Quien busca setas se pierde de una manera particular: sigue una seta tras otra, con la cabeza gacha, y al cabo de una hora ya no sabe por dónde ha venido.

- **Guarda la posición del coche** en el móvil antes de entrar en el bosque.
- De vez en cuando **levanta la cabeza y mira atrás**: el bosque a la vuelta es distinto del de la ida. Elige referencias: una roca, un claro, una torre eléctrica.
- Ten presente la dirección del sendero o la carretera más cercana y la pendiente: normalmente has subido o bajado respecto al coche.
- **Si te pierdes, detente.** No bajes por un barranco para «atajar»: a menudo acaba en un cortado de roca. Vuelve al último punto que reconozcas o, si no puedes, quédate donde estás y llama al 112.
- Si está a punto de anochecer, no intentes salir a toda costa: resguárdate, abrígate y pide ayuda mientras el móvil tenga batería.`,
    },
    weather: {
      title: 'Tiempo, tormentas y oscuridad',
      body: `En la montaña, en verano, las **tormentas de la tarde** se forman en pocas horas. Sal temprano y vuelve cuando las nubes crezcan en forma de coliflor. Si la tormenta te sorprende, deja crestas y cumbres, aléjate de árboles aislados, del agua y de las vallas metálicas, y espera agachado, con los pies juntos, en un terreno no expuesto.

En otoño el problema es la **oscuridad**: en octubre en el bosque anochece pronto, y bajo los árboles todavía antes. Calcula la vuelta con al menos una hora de margen.

La lluvia, el viento y la ropa mojada enfrían deprisa aunque la temperatura no sea baja. Si tienes escalofríos fuertes y te cuesta mover las manos, detente a cubierto, cámbiate si puedes, come algo dulce y pide ayuda.`,
    },
    'animals-ticks': {
      title: 'Garrapatas, víboras, caza',
      body: `- **Garrapatas**: pueden transmitir la enfermedad de Lyme y, en algunas zonas (noreste de Italia, Eslovenia, Suiza, Austria), la encefalitis por garrapatas, contra la que existe una vacuna. Pantalón largo metido en los calcetines, un repelente y, al volver, revisa todo el cuerpo. Quita la garrapata con unas pinzas finas, cerca de la piel, tirando con firmeza sin aplastarla. Si en las semanas siguientes aparece una mancha roja que se extiende, o fiebre, ve al médico.
- **Víboras**: muerden rara vez y solo si se las molesta; la mordedura casi nunca es mortal, pero siempre hay que tratarla en el hospital. Mantén la calma, inmoviliza el miembro, quita anillos y reloj, no cortes, no succiones, no hagas torniquetes: llama al 112.
- **Caza**: en otoño se caza en los bosques. Viste **colores vivos** (el naranja se ve de lejos), respeta los carteles de batida en curso y hazte oír si oyes disparos cerca.
- **Jabalíes**: mantén la distancia, sobre todo con las hembras con crías, y déjales una vía de escape.`,
    },
    emergency: {
      title: 'Pedir ayuda',
      body: `En Italia, Eslovenia, España y toda la Unión Europea el número de emergencias es el **112**, gratuito y activo incluso sin saldo; en Suiza funciona el 112 y el rescate aéreo Rega atiende en el 1414. En la montaña y en los bosques el rescate llega a través del 112 (en Italia con el Soccorso Alpino).

Cuando llames, di con calma:

- **qué ha pasado** y cuántas personas están implicadas;
- **dónde estás**: las coordenadas del móvil, el sendero, el pueblo o la referencia más cercana;
- **cómo está** la persona herida: si responde, si respira, si sangra;
- **el tiempo y el terreno**: niebla, viento, pendiente fuerte.

Después sigue localizable: deja el móvil encendido y no hagas otras llamadas. Abriga a la persona herida, no la muevas si no está en peligro y, si puedes, haz visible tu posición con una prenda de color o la luz de la linterna.`,
    },
  },
  species: {},
};

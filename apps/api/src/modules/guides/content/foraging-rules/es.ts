import type { GuideText } from '../types.ts';

export const es: GuideText = {
  title: 'Las normas de la recolección de setas en Italia',
  summary:
    'Permisos, límites diarios, horarios, herramientas y cestas: qué dice la ley nacional, qué cambia de una región a otra y cómo saber qué normas valen en el bosque al que vas.',
  sections: {
    framework: {
      title: 'Una ley nacional, veinte reglamentos regionales',
      body: `En Italia la recolección de setas silvestres se rige por una ley marco nacional, la **ley 352 de 1993**, que fija los principios: proteger el bosque, limitar las cantidades y garantizar que las setas que se venden estén controladas. Las normas de detalle, sin embargo, las escriben las **regiones**, y a menudo también las provincias autónomas, las mancomunidades de montaña, los municipios y los consorcios que gestionan los bosques.

El resultado es que dos bosques a pocos kilómetros pueden tener normas distintas: otro permiso, otro límite, otros días de cierre. No existe, por tanto, «la norma italiana» que se aprende de una vez para siempre.

Antes de cada salida conviene saber tres cosas: **quién gestiona la zona**, **qué permiso hace falta** y **qué límites valen**. En Sentiero cada zona tiene su página con el permiso a la venta y el reglamento para descargar: es la forma más rápida de salir en regla. Esta guía explica los puntos que se repiten casi en todas partes, para leer esos reglamentos sin sorpresas.`,
    },
    permits: {
      title: 'El permiso',
      body: `Casi todas las regiones piden **un título para recolectar**: un carné regional, una autorización anual o un permiso diario, semanal o de temporada para una zona concreta. En algunas regiones el carné se obtiene tras un breve curso sobre el reconocimiento de setas y el respeto al bosque.

- El permiso es **personal**: llévalo encima junto con un documento de identidad y enséñalo a los guardas que lo pidan.
- Quien **reside** en la zona suele tener condiciones distintas de quien viene de fuera: precios, límites o días.
- En muchas regiones los **menores** acompañados de un adulto con permiso pagan menos o nada: en el Piamonte, por ejemplo, los menores de 14 años no pagan.
- En las zonas gestionadas por consorcios o comunidades (los clásicos «cotos» de setas) el permiso de la zona se suma a las normas regionales.

El permiso comprado en Sentiero es nominativo y vale para las fechas elegidas: lo encontrarás entre tus entradas incluso sin conexión.`,
    },
    'limits-hours': {
      title: 'Límites, horarios y días',
      body: `La ley nacional fija un máximo de **3 kg por persona y día**, que solo se puede superar si un único ejemplar o una única mata pesa más. Muchas regiones y zonas lo bajan a **2 kg**, y algunas fijan límites menores para las especies más buscadas.

- **Horarios**: la recolección nocturna está prohibida casi en todas partes; a menudo se permite desde una hora antes del amanecer hasta una hora después del atardecer, o solo de día.
- **Días de cierre**: algunas zonas cierran la recolección ciertos días de la semana para que el bosque descanse.
- **Tamaños mínimos**: muchas regiones prohíben los porcinos demasiado pequeños y la oronja (*Amanita caesarea*) todavía cerrada en su «huevo».
- **Especies protegidas**: algunas regiones prohíben por completo recoger especies raras.

Los días buenos los guardas pesan las cestas: el límite es por persona, no por familia, y no se «presta» a quien no tiene permiso.`,
    },
    'how-to-pick': {
      title: 'Cómo se recoge',
      body: `Aquí las normas son casi iguales en toda Italia, porque vienen de la ley nacional.

- **Nada de rastrillos, ganchos ni herramientas** que remuevan la capa de hojas y mantillo: destruyen el micelio.
- **Limpieza somera en el sitio**: la tierra, las hojas y las partes estropeadas se quedan en el bosque, donde las esporas pueden germinar.
- **Recipientes rígidos y aireados**, como las cestas de mimbre: las bolsas de plástico están prohibidas.
- **Setas enteras y reconocibles**: no las cortes en trozos en el bosque, para que el micólogo y los guardas puedan identificarlas.
- **No recojas setas que no conoces** «para que las miren»: si de verdad quieres una opinión, llévate solo una, entera y separada de las demás.

Quien vende setas silvestres debe hacerlas certificar por la inspección micológica: regalarlas o venderlas sin control está prohibido y es peligroso.`,
    },
    'parks-fines': {
      title: 'Parques, fincas privadas y multas',
      body: `En los **parques nacionales y regionales** valen los reglamentos del parque: a menudo la recolección está prohibida en las zonas de reserva integral y permitida en el resto solo a los residentes o con un permiso del parque.

Las **fincas privadas cercadas** y las zonas señalizadas con carteles de prohibición quedan excluidas: el propietario puede reservarse la recolección. También los prados de siega, los castañares de fruto y los viveros forestales tienen a menudo normas propias.

Las **multas** son administrativas y pueden llegar a varios cientos de euros, con el decomiso de las setas. Se arriesgan por recoger sin permiso, fuera de horario, por encima del límite, con herramientas prohibidas o con bolsas de plástico.`,
    },
    abroad: {
      title: 'En Suiza, Eslovenia y España',
      body: `- **Suiza**: las normas son cantonales. Muchos cantones fijan un límite diario por persona, a menudo de 1–2 kg, y algunos días de veda al mes. En casi todos los municipios hay un control oficial de setas gratuito.
- **Eslovenia**: una norma nacional limita la recolección a **2 kg por persona y día**, protege algunas especies y prohíbe recoger en ciertas zonas protegidas; en el Parque Nacional del Triglav las normas son más estrictas.
- **España**: deciden las comunidades autónomas y a menudo los municipios. En muchas zonas, por ejemplo en Castilla y León, hay áreas micológicas reguladas donde hace falta un permiso, diario o de temporada, con límites propios.

Vayas donde vayas, la página de la zona en Sentiero indica el permiso adecuado y el reglamento local.`,
    },
  },
  species: {},
};

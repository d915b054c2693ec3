import type { Messages } from "./types.js";

export const es: Messages = {
  summaryHeading: "Revisión de cumplimiento de Clearance",
  reviewBody: (count) => `Clearance ha dejado ${count === 1 ? "1 comentario" : `${count} comentarios`} en líneas modificadas. El comentario de resumen de esta pull request recoge todos los hallazgos, agrupados por control.`,
  notOnDiffLine: "Estos hallazgos se refieren a líneas fuera de las partes modificadas del diff, por eso se recogen aquí.",
  overInlineLimit: (limit) => `Una revisión admite como máximo ${limit} comentarios en línea; el resto de los hallazgos se recoge aquí.`,
  fixedHeading: "Corregido desde una revisión anterior",
  fixedItem: (location) => `${location} ya no se señala.`,
  reviewedHeading: "Qué se ha revisado",
  reviewedCommit: (sha, files) => `Commit \`${sha}\`, ${files === 1 ? "1 archivo modificado" : `${files} archivos modificados`}.`,
  skippedFiles: "Archivos omitidos:",
  skipReasons: {
    binary: "archivo binario",
    generated: "archivo generado",
    vendored: "dependencia incluida en el repositorio (vendored)",
    ignored: "excluido por `.github/clearance.yml`",
    no_diff: "GitHub no muestra el diff de este archivo (demasiado grande)",
  },
  tooManyFiles: (limit) => `GitHub muestra como máximo ${limit} archivos modificados por pull request; los archivos que superan ese número no se han revisado.`,
  configIgnored: (detail) => `No se ha podido usar \`.github/clearance.yml\` y se ha ignorado: ${detail}`,
  paused: {
    allowance_reached: "Las revisiones están en pausa: esta organización ha agotado su cupo mensual de revisiones de repositorios privados.",
    public_cap_reached: "Las revisiones están en pausa: esta organización ha alcanzado el límite mensual de revisiones de repositorios públicos.",
    resumeLead: "Las revisiones se reanudan en cuanto ocurra una de estas cosas:",
    resumeWays: {
      next_period: (date) => `empieza el siguiente mes de facturación, el ${date} (UTC)`,
      claim: "se reclama la instalación en Clearance, lo que inicia una prueba de 14 días",
      upgrade: "la organización mejora su plan",
      overage: "un propietario activa las revisiones adicionales, a 0,49 $ por cada pull request más",
    },
  },
  euInferenceFailed: "La revisión ha fallado: no se ha podido contactar con el modelo de la región de la UE. Esta organización tiene activada la inferencia en la UE, así que no se ha usado ningún otro modelo ni se ha publicado ningún hallazgo.",
  reviewFailed: "La revisión ha fallado por un error inesperado, así que no se ha publicado ningún hallazgo.",
  retryHint: "Sube un nuevo commit o comenta `/clearance` para volver a intentarlo.",
  nothingToReview: "No hay nada que revisar: se han omitido todos los archivos modificados.",
  euInferenceFooter: "La inferencia en la UE está activada: en esta revisión no se ha usado ningún modelo fuera de la región de la UE.",
  checkSummary: (findings) => (findings === 0 ? "No hay hallazgos de cumplimiento." : `${findings === 1 ? "1 hallazgo" : `${findings} hallazgos`}; consulta el comentario de resumen de la pull request.`),
};

import type { EvidenceMessages } from "./types.js";

const USAGE = '`/clearance accept <referencia> --reason "<motivo>" [--until AAAA-MM-DD]`';

export const es: EvidenceMessages = {
  referencesLead: `Para aceptar un hallazgo como riesgo conocido, alguien con acceso de escritura comenta ${USAGE}.`,
  moreFindings: (count) => `… y ${count} más.`,
  acceptedHeading: "Hallazgos aceptados",
  acceptedItem: (a) => `- \`${a.reference}\` ${a.location}${a.controls ? ` (${a.controls})` : ""}: aceptado por @${a.by}, ${a.until ? `hasta el ${a.until}` : "sin vencimiento"}. Motivo: ${a.reason}`,
  acceptedReply: (a) => `El hallazgo \`${a.reference}\` (${a.location}) queda aceptado como riesgo conocido, ${a.until ? `hasta el ${a.until} (UTC); después se volverá a señalar` : "sin vencimiento"}. Queda registrado como evidencia y ya no se señala en esta pull request; el resumen se está actualizando.`,
  help: [
    "Comandos de Clearance, cada uno en su propia línea de un comentario de la pull request:",
    "",
    "- `/clearance` o `/clearance review`: revisar ahora el último commit de la pull request.",
    `- ${USAGE}: aceptar un hallazgo como riesgo conocido. La referencia es la que muestra el resumen; el motivo es obligatorio; sin \`--until\` la excepción vale hasta que se revoque. Solo las personas con acceso de escritura al repositorio pueden aceptar.`,
    "- `/clearance help`: esta lista.",
  ].join("\n"),
  usage: `Uso: ${USAGE}`,
  problems: {
    missing_reference: () => "Indique el hallazgo que quiere aceptar: su referencia tal como aparece en el resumen.",
    bad_reference: (d) => `\`${d}\` no es una referencia de hallazgo; las referencias tienen 7 letras y cifras, como en el resumen.`,
    missing_reason: () => "El motivo es obligatorio: añada `--reason \"…\"`.",
    reason_too_long: () => "El motivo es demasiado largo: 500 caracteres como máximo.",
    bad_until: (d) => `\`--until\` necesita una fecha AAAA-MM-DD${d ? `, no \`${d}\`` : ""}.`,
    unknown_option: (d) => `Opción desconocida \`${d}\`.`,
    extra_argument: (d) => `No se esperaba \`${d}\`: indique un solo hallazgo y ponga el motivo entre comillas.`,
    unclosed_quote: () => "Unas comillas no están cerradas.",
  },
  notPermitted: (login, permission) => `@${login}, solo las personas con acceso de escritura a este repositorio pueden aceptar hallazgos; su acceso es \`${permission}\`. No se ha registrado nada.`,
  permissionCheckFailed: "No se ha podido comprobar ahora con GitHub su permiso en el repositorio, así que no se ha registrado nada. Inténtelo de nuevo en un momento.",
  closedPullRequest: "Esta pull request está cerrada, así que sus hallazgos ya no se pueden aceptar.",
  unknownFinding: (r) => `No hay ningún hallazgo \`${r}\` en esta pull request. Use una referencia del comentario de resumen.`,
  ambiguousReference: (r, c) => `\`${r}\` coincide con más de un hallazgo (${c}); use más caracteres de la referencia.`,
  findingFixed: (r) => `El hallazgo \`${r}\` ya está corregido; no hay nada que aceptar.`,
  untilInPast: (d) => `\`--until ${d}\` ya ha pasado; indique hoy o una fecha posterior.`,
};

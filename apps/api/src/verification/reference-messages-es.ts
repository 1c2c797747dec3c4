import { ADULT_AGE_YEARS } from "@vela/shared/date-of-birth";
import { NOT_IDENTITY_DOCUMENT } from "./personal-data";
import { NOT_ON_LIST, QUESTION_LIST_NOT_FOUND } from "./questionnaire";
import { CHECK_DIGIT_WRONG, DOCUMENT_NOT_FOUND } from "./reference";

/**
 * Spanish for the verification reference's messages: documents, forms, the questionnaire and
 * personal data (registered with http/messages.ts by app.ts). The date-of-birth refusals are the
 * senders' rule, shared; they had no Spanish yet.
 */
export const VERIFICATION_REFERENCE_SPANISH: Record<string, string> = {
  [DOCUMENT_NOT_FOUND]: "Documento no encontrado.",
  [QUESTION_LIST_NOT_FOUND]: "Cuestionario no encontrado.",
  [NOT_ON_LIST]: "Esta pregunta no está en este cuestionario.",
  [CHECK_DIGIT_WRONG]: "Este número no es válido para este documento: compruébalo con el documento.",
  [NOT_IDENTITY_DOCUMENT]:
    "Debe ser un documento de identidad (pasaporte, documento de identidad, licencia de conducir o permiso de residencia).",
  "Does not match the format of this document.": "No tiene el formato de este documento.",
  "Personal data saved.": "Datos personales guardados.",
  "Answers saved.": "Respuestas guardadas.",
  "Must be a real date.": "Debe ser una fecha real.",
  "Must be a date in the past.": "Debe ser una fecha pasada.",
  "Must be a real date of birth.": "Debe ser una fecha de nacimiento real.",
  [`You must be at least ${ADULT_AGE_YEARS} years old.`]: `Debes tener al menos ${ADULT_AGE_YEARS} años.`,
};

/** Spanish for the verification domain's messages (registered in app.ts). */
export const VERIFICATION_MESSAGES = {
  tooManyTokens: "You have started verification too many times this hour. Try again later.",
  alreadyVerified: "Your identity is already verified.",
  finalRejection: "Your verification was rejected. Contact support to continue.",
  underReview: "Your documents are being reviewed. We will let you know the result.",
  identityFirst: "Verify your identity before the enhanced verification.",
  businessUsesKyb: "A business is verified with its company details and owners, under Business verification.",
  questionnaireFirst: "Answer the source-of-funds questionnaire before the enhanced verification.",
  documentNotAccepted: "This document is not accepted for this step in the selected country.",
  unknownApplicant: "The applicant was not found.",
  unknownCountry: "The selected country is invalid.",
  badSignature: "The webhook signature is not valid.",
  received: "Received.",
  started: "Verification started.",
  applicantSet: "Applicant saved.",
} as const;

export const VERIFICATION_SPANISH: Record<string, string> = {
  [VERIFICATION_MESSAGES.tooManyTokens]:
    "Has iniciado la verificación demasiadas veces en esta hora. Inténtalo más tarde.",
  [VERIFICATION_MESSAGES.alreadyVerified]: "Tu identidad ya está verificada.",
  [VERIFICATION_MESSAGES.finalRejection]:
    "Tu verificación fue rechazada. Contacta con soporte para continuar.",
  [VERIFICATION_MESSAGES.underReview]: "Estamos revisando tus documentos. Te avisaremos del resultado.",
  [VERIFICATION_MESSAGES.identityFirst]: "Verifica tu identidad antes de la verificación ampliada.",
  [VERIFICATION_MESSAGES.businessUsesKyb]:
    "Una empresa se verifica con los datos de la compañía y sus propietarios, en Verificación de empresa.",
  [VERIFICATION_MESSAGES.questionnaireFirst]:
    "Responde el cuestionario sobre el origen de los fondos antes de la verificación ampliada.",
  [VERIFICATION_MESSAGES.documentNotAccepted]:
    "Este documento no se acepta para este paso en el país seleccionado.",
  [VERIFICATION_MESSAGES.unknownApplicant]: "No se encontró el solicitante.",
  [VERIFICATION_MESSAGES.unknownCountry]: "El país seleccionado no es válido.",
  [VERIFICATION_MESSAGES.badSignature]: "La firma del webhook no es válida.",
  [VERIFICATION_MESSAGES.received]: "Recibido.",
  [VERIFICATION_MESSAGES.started]: "Verificación iniciada.",
  [VERIFICATION_MESSAGES.applicantSet]: "Solicitante guardado.",
};

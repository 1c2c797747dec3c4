import { KYB_MESSAGES as SHARED } from "@vela/shared/kyb";

/** The KYB domain's messages, in English as the code writes them. */
export const KYB_MESSAGES = {
  detailsSaved: "Your business details were saved.",
  documentSaved: "The document was saved.",
  ownerAdded: "The person was added.",
  ownerSaved: "The person was saved.",
  ownerRemoved: "The person was removed.",
  submitted: "Your business verification was submitted.",
  sdkStarted: "Verification started.",
  ownerNotFound: "The person was not found.",
  unknownCountry: "The selected country is invalid.",
  totalOver100: "The shares of all the people listed would add up to more than 100 %.",
  oneControlling: "Another person is already the controlling person. Unmark them first.",
  identityLocked:
    "This person's identity check has started, so their name, date of birth and nationality cannot change. Remove them and add them again.",
  alreadyVerified: "Your business is verified. Contact support to change its verification.",
  blocked: "Your business verification was rejected. Contact support to continue.",
  ownerUnderReview: "This person's documents are being reviewed. We will let you know the result.",
  ownerVerified: "This person's identity is already verified.",
  ownerRejected: "This person's verification was rejected. Contact support to continue.",
  tooManyTokens: "You have started verification too many times this hour. Try again later.",
  documentKind: "Choose which document this is.",
  documentMissing: "Choose a file to upload.",
  documentType: "The file must be a JPEG or PNG photo or a PDF.",
  documentTooLarge: "The file must be at most 8 MB.",
  documentTooSmall: "The photo is too small to read: at least 300 pixels on its shorter side.",
  documentUnreadable: "The file could not be read. Try another one.",
  documentOneFile: 'Send one file, in the "file" field, with its kind.',
  missingDetails: "Give your business's registration details.",
  missingDocument: "Upload the {document}.",
  missingOwners: "Add every person holding 25 % or more, and the controlling person.",
  missingControlling: "Mark exactly one person as the controlling person.",
  submitIncomplete: "Your business verification is not complete yet.",
  alreadySubmitted: "Your business verification was already submitted.",
} as const;

const DOCUMENT_NAMES_ES: Record<string, string> = {
  "certificate of incorporation": "el certificado de constitución",
  "articles of association": "los estatutos",
  "proof of registered address": "el comprobante del domicilio social",
  "register of shareholders": "el registro de accionistas",
};

export const KYB_SPANISH: Record<string, string> = {
  [KYB_MESSAGES.detailsSaved]: "Se guardaron los datos de tu empresa.",
  [KYB_MESSAGES.documentSaved]: "Se guardó el documento.",
  [KYB_MESSAGES.ownerAdded]: "Se añadió la persona.",
  [KYB_MESSAGES.ownerSaved]: "Se guardó la persona.",
  [KYB_MESSAGES.ownerRemoved]: "Se quitó la persona.",
  [KYB_MESSAGES.submitted]: "Se envió la verificación de tu empresa.",
  [KYB_MESSAGES.sdkStarted]: "Verificación iniciada.",
  [KYB_MESSAGES.ownerNotFound]: "No se encontró la persona.",
  [KYB_MESSAGES.unknownCountry]: "El país seleccionado no es válido.",
  [KYB_MESSAGES.totalOver100]: "Las participaciones de todas las personas sumarían más del 100 %.",
  [KYB_MESSAGES.oneControlling]: "Otra persona ya es la persona que ejerce el control. Desmárcala primero.",
  [KYB_MESSAGES.identityLocked]:
    "La verificación de identidad de esta persona ya empezó, así que su nombre, fecha de nacimiento y nacionalidad no pueden cambiar. Quítala y añádela de nuevo.",
  [KYB_MESSAGES.alreadyVerified]:
    "Tu empresa está verificada. Contacta con soporte para cambiar su verificación.",
  [KYB_MESSAGES.blocked]: "La verificación de tu empresa fue rechazada. Contacta con soporte para continuar.",
  [KYB_MESSAGES.ownerUnderReview]:
    "Estamos revisando los documentos de esta persona. Te avisaremos del resultado.",
  [KYB_MESSAGES.ownerVerified]: "La identidad de esta persona ya está verificada.",
  [KYB_MESSAGES.ownerRejected]:
    "La verificación de esta persona fue rechazada. Contacta con soporte para continuar.",
  [KYB_MESSAGES.tooManyTokens]:
    "Has iniciado la verificación demasiadas veces en esta hora. Inténtalo más tarde.",
  [KYB_MESSAGES.documentKind]: "Elige qué documento es.",
  [KYB_MESSAGES.documentMissing]: "Elige un archivo para subir.",
  [KYB_MESSAGES.documentType]: "El archivo debe ser una foto JPEG o PNG o un PDF.",
  [KYB_MESSAGES.documentTooLarge]: "El archivo debe pesar como máximo 8 MB.",
  [KYB_MESSAGES.documentTooSmall]:
    "La foto es demasiado pequeña para leerla: al menos 300 píxeles en su lado más corto.",
  [KYB_MESSAGES.documentUnreadable]: "No se pudo leer el archivo. Prueba con otro.",
  [KYB_MESSAGES.documentOneFile]: 'Envía un solo archivo, en el campo "file", con su tipo.',
  [KYB_MESSAGES.missingDetails]: "Indica los datos de registro de tu empresa.",
  [KYB_MESSAGES.missingOwners]:
    "Añade a cada persona con el 25 % o más y a la persona que ejerce el control.",
  [KYB_MESSAGES.missingControlling]: "Marca exactamente a una persona como la que ejerce el control.",
  [KYB_MESSAGES.submitIncomplete]: "La verificación de tu empresa aún no está completa.",
  [KYB_MESSAGES.alreadySubmitted]: "La verificación de tu empresa ya se envió.",
  [SHARED.website]: "Debe ser una dirección web que empiece por http:// o https://.",
  [SHARED.registrationNumber]: "Usa letras, dígitos, espacios, '.', '/' o '-'.",
  [SHARED.percentFormat]: "Debe ser un porcentaje entre 0 y 100, con dos decimales como máximo.",
  [SHARED.ownerBelowThreshold]:
    "Un titular real tiene al menos el 25 %. Alguien con menos solo puede añadirse como la persona que ejerce el control.",
  [SHARED.ownershipNeeded]:
    "Indica la participación de esta persona o márcala como la persona que ejerce el control.",
};

/** "Upload the {document}." with its document, sentence by sentence. */
export const KYB_SPANISH_PATTERNS: [RegExp, (...parts: string[]) => string][] = [
  [/^Upload the (.+)\.$/, (name) => `Sube ${DOCUMENT_NAMES_ES[name] ?? name}.`],
];

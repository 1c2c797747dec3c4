import type { Language } from "@vela/shared/api";
import { spanishValidationMessage } from "@vela/shared/validation-messages";

/**
 * Spanish for the API's fixed messages, keyed by the English text, so code keeps writing plain
 * English and the error handler translates at the edge by the `language` header. A message
 * without an entry goes out in English. This table holds the HTTP layer's and the small domains'
 * messages; a domain with its own table adds it with `registerSpanish` where the app is assembled.
 */
const SPANISH: Record<string, string> = {
  "The given data was invalid.": "Los datos proporcionados no son válidos.",
  "Invalid request headers.": "Encabezados de solicitud no válidos.",
  "Malformed JSON in request body.": "El cuerpo de la solicitud no es un JSON válido.",
  "Request body is too large.": "El cuerpo de la solicitud es demasiado grande.",
  "Unsupported content type.": "Tipo de contenido no admitido.",
  "Request body is empty.": "El cuerpo de la solicitud está vacío.",
  "Not found.": "No encontrado.",
  "Your wallet does not have enough funds for this.": "Tu billetera no tiene fondos suficientes para esto.",
  "Unexpected error, try again.": "Error inesperado, inténtalo de nuevo.",
  "Too many requests, try again later.": "Demasiadas solicitudes, inténtalo más tarde.",
  "Unauthenticated.": "No autenticado.",
  "This action is not allowed.": "Esta acción no está permitida.",
  "Method not allowed.": "Método no permitido.",
  "These credentials do not match our records.": "Estas credenciales no coinciden con nuestros registros.",
  "Your session has expired.": "Tu sesión ha caducado.",
  "Your session has ended. Sign in again.": "Tu sesión ha terminado. Inicia sesión de nuevo.",
  "This refresh token was already used, so the session was ended. Sign in again.":
    "Este token de renovación ya se usó, así que la sesión se cerró. Inicia sesión de nuevo.",
  "The role or grant header does not match your session.":
    "El encabezado role o grant no coincide con tu sesión.",
  "Your account type cannot use this.": "Tu tipo de cuenta no puede usar esto.",
  "This sign-in has expired. Sign in again.": "Este inicio de sesión ha caducado. Inicia sesión de nuevo.",
  "This e-mail address is already registered.": "Este correo electrónico ya está registrado.",
  "Too many failed attempts from your network. Try again in 15 minutes.":
    "Demasiados intentos fallidos desde tu red. Inténtalo de nuevo en 15 minutos.",
  "Too many wrong codes. Ask for a new one.": "Demasiados códigos incorrectos. Pide uno nuevo.",
  "Too many wrong codes. Your account is locked for 15 minutes.":
    "Demasiados códigos incorrectos. Tu cuenta está bloqueada durante 15 minutos.",
  "Too many failed attempts. Your account is locked for 15 minutes.":
    "Demasiados intentos fallidos. Tu cuenta está bloqueada durante 15 minutos.",
  "The code is not correct or is no longer valid. Ask for a new one.":
    "El código no es correcto o ya no es válido. Pide uno nuevo.",
  "This code was already used. Enter the next one your authenticator app shows.":
    "Este código ya se usó. Escribe el siguiente que muestre tu aplicación de autenticación.",
  "This on-boarding is for another kind of account.": "Este registro es para otro tipo de cuenta.",
  "Your e-mail address is already verified.": "Tu correo electrónico ya está verificado.",
  "Your phone number is already verified.": "Tu número de teléfono ya está verificado.",
  "This phone number is already used by another account.": "Este número de teléfono ya lo usa otra cuenta.",
  "Signed in.": "Sesión iniciada.",
  "Signed out.": "Sesión cerrada.",
  "Code sent.": "Código enviado.",
  "A verification code is needed to finish signing in.":
    "Se necesita un código de verificación para terminar de iniciar sesión.",
  "If an account uses this address, a code is on its way.":
    "Si alguna cuenta usa esta dirección, le enviamos un código.",
  "Code accepted. Choose a new password.": "Código aceptado. Elige una contraseña nueva.",
  "Your password was changed. Sign in with the new one.":
    "Tu contraseña se cambió. Inicia sesión con la nueva.",
  "E-mail address verified.": "Correo electrónico verificado.",
  "Phone number verified.": "Número de teléfono verificado.",
  "Must be text without NUL characters or invalid UTF-8.":
    "Debe ser texto sin caracteres NUL ni UTF-8 inválido.",
  "Malformed URL encoding.": "La codificación de la URL no es válida.",
  "A path parameter is too long.": "Un parámetro de la ruta es demasiado largo.",
  "Must be a valid phone number for the country of its prefix.":
    "Debe ser un número de teléfono válido para el país de su prefijo.",
  "Must be 1 to 255 visible ASCII characters.": "Debe tener de 1 a 255 caracteres ASCII visibles.",
  "An Idempotency-Key needs a signed-in caller.": "Un Idempotency-Key necesita una sesión iniciada.",
  "This Idempotency-Key was already used for a different request.":
    "Este Idempotency-Key ya se usó para otra solicitud.",
  "A request with this Idempotency-Key is still in progress.":
    "Una solicitud con este Idempotency-Key todavía está en curso.",
  "Welcome to Vela. We sent a code to your e-mail address.":
    "Bienvenido a Vela. Enviamos un código a tu correo electrónico.",
  "Welcome to Vela. We could not send your code yet; ask for a new one in a few minutes.":
    "Bienvenido a Vela. Aún no pudimos enviar tu código; pide uno nuevo en unos minutos.",
  "We could not send the text message. Try again in a few minutes.":
    "No pudimos enviar el mensaje de texto. Inténtalo de nuevo en unos minutos.",
  "We could not send the e-mail. Try again in a few minutes.":
    "No pudimos enviar el correo electrónico. Inténtalo de nuevo en unos minutos.",
  // Pricing: amounts, corridors, quotations and promo codes.
  "Amount must be plain digits with an optional '-' and '.', such as 1234.56":
    "El monto debe tener solo dígitos, con '-' y '.' opcionales, por ejemplo 1234.56",
  "Must not be negative.": "No debe ser negativo.",
  "Must be a whole amount.": "Debe ser un monto entero.",
  "Give either the send amount or the receiving amount, not both.":
    "Indica el monto que envías o el que se recibe, no ambos.",
  "Give either the send amount or the receiving amount.": "Indica el monto que envías o el que se recibe.",
  "Sign in to use a promo code.": "Inicia sesión para usar un código promocional.",
  "We do not send to this country in these currencies from there yet.":
    "Todavía no enviamos a este país en estas monedas desde allí.",
  "We do not send to this country in these currencies yet.":
    "Todavía no enviamos a este país en estas monedas.",
  "This delivery method is not offered on this corridor.":
    "Este método de entrega no se ofrece en esta ruta.",
  "Wallet-to-wallet sends are not offered on this corridor.":
    "Los envíos entre billeteras no se ofrecen en esta ruta.",
  "Wallet-to-wallet sends deliver only into a Vela wallet.":
    "Los envíos entre billeteras solo se entregan en una billetera Vela.",
  "Unknown currency.": "Moneda desconocida.",
  "Choose a different currency to convert to.": "Elige otra moneda a la que convertir.",
  "Quotation not found.": "Cotización no encontrada.",
  "Country not found.": "País no encontrado.",
  "Province not found.": "Provincia no encontrada.",
  "Town not found.": "Población no encontrada.",
  "Bank not found.": "Banco no encontrado.",
  "Shipping method not found.": "Método de envío no encontrado.",
  "Service type not found.": "Tipo de servicio no encontrado.",
  "Service provider not found.": "Proveedor de servicio no encontrado.",
  "Place type not found.": "Tipo de lugar no encontrado.",
  "Quotation created.": "Cotización creada.",
  "Quotation updated.": "Cotización actualizada.",
  "Promo code applied.": "Código promocional aplicado.",
  "This quotation was already used. Request a new quotation.":
    "Esta cotización ya se usó. Solicita una cotización nueva.",
  "This quotation has expired and its rate is no longer held. Request a new quotation.":
    "Esta cotización caducó y su tipo de cambio ya no está garantizado. Solicita una cotización nueva.",
  "This quotation already has a payment. Start a new one to change it.":
    "Esta cotización ya tiene un pago. Empieza una nueva para cambiarla.",
  "This promo code does not exist.": "Este código promocional no existe.",
  "This promo code is not valid yet.": "Este código promocional todavía no es válido.",
  "This promo code has expired.": "Este código promocional ha caducado.",
  "This promo code has been used up.": "Este código promocional ya se agotó.",
  "You have already used this promo code.": "Ya usaste este código promocional.",
  "Our exchange rates are out of date, so we cannot quote right now. Try again later.":
    "Nuestros tipos de cambio no están actualizados, así que no podemos cotizar ahora. Inténtalo más tarde.",
  "We have no exchange rates yet, so we cannot quote right now. Try again later.":
    "Todavía no tenemos tipos de cambio, así que no podemos cotizar ahora. Inténtalo más tarde.",
  // Senders (routes/senders)
  "Sender not found.": "Remitente no encontrado.",
  "Sender saved.": "Remitente guardado.",
  "Sender enabled.": "Remitente activado.",
  "Sender disabled.": "Remitente desactivado.",
  "Sender deleted.": "Remitente eliminado.",
  "Sender added.": "Remitente añadido.",
  "This sender is your own profile: it cannot be changed, disabled or deleted here. Edit your profile instead.":
    "Este remitente es tu propio perfil: no se puede cambiar, desactivar ni eliminar aquí. Edita tu perfil.",
  "This sender is disabled. Enable it first.": "Este remitente está desactivado. Actívalo primero.",
  "This sender has no identity document on file. Complete their details first.":
    "Este remitente no tiene un documento de identidad registrado. Completa sus datos primero.",
  "This sender's identity document has expired. Update their details first.":
    "El documento de identidad de este remitente ha caducado. Actualiza sus datos primero.",
  "This document has expired: it must be valid after today.":
    "Este documento ha caducado: debe ser válido después de hoy.",
  "Unknown document type.": "Tipo de documento desconocido.",
  "This document is not issued in the chosen country.": "Este documento no se emite en el país elegido.",
  "This is not a valid number for this document.": "Este no es un número válido para este documento.",
  "Unknown state.": "Estado desconocido.",
  "This state is not in the chosen country.": "Este estado no pertenece al país elegido.",
  "Give the phone number too.": "Indica también el número de teléfono.",
  "Give the dialling prefix too.": "Indica también el prefijo telefónico.",
  "Give an e-mail address or a phone number.": "Indica un correo electrónico o un número de teléfono.",
  "Use letters, digits, spaces, '.', '/' or '-'.": "Usa letras, dígitos, espacios, '.', '/' o '-'.",
  // Recipients, their dynamic forms and choosing a quotation's recipient.
  "Recipient saved.": "Destinatario guardado.",
  "Recipient deleted.": "Destinatario eliminado.",
  "Recipient activated.": "Destinatario activado.",
  "Recipient deactivated.": "Destinatario desactivado.",
  "Recipient added.": "Destinatario agregado.",
  "Recipient not found.": "Destinatario no encontrado.",
  "Unknown country.": "País desconocido.",
  "Unknown delivery method.": "Método de entrega desconocido.",
  "This quotation does not send to a recipient.": "Esta cotización no envía a un destinatario.",
  "Withdrawals pay into a bank account or a mobile wallet.":
    "Los retiros se pagan en una cuenta bancaria o una billetera móvil.",
  "Withdrawals in this currency are not offered.": "No ofrecemos retiros en esta moneda.",
  "This country does not use this currency.": "Este país no usa esta moneda.",
  "Choose the country of the account.": "Elige el país de la cuenta.",
  "This field is not part of the form.": "Este campo no forma parte del formulario.",
  "Not a bank we pay into in this country.": "No es un banco en el que paguemos en este país.",
  "Not an e-wallet we pay into in this country.":
    "No es una billetera electrónica en la que paguemos en este país.",
  "Not a payer network of this country for this delivery method.":
    "No es una red de pago de este país para este método de entrega.",
  "Not an identity document accepted in this country.":
    "No es un documento de identidad aceptado en este país.",
  "Does not match the format of this document.": "No tiene el formato de este documento.",
  "The bank this CLABE names (its first three digits) is not one we pay into.":
    "El banco que indica esta CLABE (sus tres primeros dígitos) no es uno en el que paguemos.",
  "The bank this IFSC names (its first four letters) is not one we pay into.":
    "El banco que indica este IFSC (sus cuatro primeras letras) no es uno en el que paguemos.",
  "No Vela account uses this e-mail address or phone number.":
    "Ninguna cuenta Vela usa este correo electrónico o número de teléfono.",
  "This recipient is deactivated. Activate it first.":
    "Este destinatario está desactivado. Actívalo primero.",
  "This recipient does not receive in this quotation's country, currency and delivery method.":
    "Este destinatario no recibe en el país, la moneda y el método de entrega de esta cotización.",
  // External recipients: send-link, the link's page, confirmation.
  "This link has expired or was already used.": "Este enlace caducó o ya se usó.",
  "We sent the link.": "Enviamos el enlace.",
  "We sent the links.": "Enviamos los enlaces.",
  "Thank you. Your details were sent.": "Gracias. Tus datos se enviaron.",
  "Recipient confirmed.": "Destinatario confirmado.",
  "This recipient is already confirmed.": "Este destinatario ya está confirmado.",
  "The recipient has not filled in their details yet.": "El destinatario todavía no completó sus datos.",
  "We do not send money to this country.": "No enviamos dinero a este país.",
  "This currency cannot be received in the chosen country.":
    "Esta moneda no se puede recibir en el país elegido.",
  "This delivery method is not available for this destination.":
    "Este método de entrega no está disponible para este destino.",
};

/** A message that carries a value (a number of decimals, a currency, an amount), by its shape. */
export type SpanishPattern = [RegExp, (...parts: string[]) => string];

const SPANISH_PATTERNS: SpanishPattern[] = [
  [
    /^Does not match the format of this document \(e\.g\. (.+)\)\.$/,
    (example) => `No tiene el formato de este documento (p. ej. ${example}).`,
  ],
  [/^Must have at most (\d+) decimals\.$/, (n) => `Debe tener como máximo ${n} decimales.`],
  [
    /^This promo code is for transfers sent in (.+)\.$/,
    (iso) => `Este código promocional es para envíos en ${iso}.`,
  ],
  [
    /^This promo code needs a send amount of at least (.+)\.$/,
    (amount) => `Este código promocional necesita un monto de envío de al menos ${amount}.`,
  ],
  [/^We have no rate from (\w+) to (\w+)\.$/, (from, to) => `No tenemos tipo de cambio de ${from} a ${to}.`],
  [
    /^You can invite at most (\d+) people a day\. Try again tomorrow\.$/,
    (n) => `Puedes invitar como máximo a ${n} personas al día. Inténtalo de nuevo mañana.`,
  ],
];

const registered = new Set<Record<string, string>>();
/**
 * Adds a domain's Spanish: its fixed messages (a later table wins on the same English) and its
 * patterns, tried after those already known. Adding the same table again changes nothing, so
 * every app built in one process may register.
 */
export function registerSpanish(messages: Record<string, string>, patterns: SpanishPattern[] = []) {
  if (registered.has(messages)) return;
  registered.add(messages);
  Object.assign(SPANISH, messages);
  SPANISH_PATTERNS.push(...patterns);
}

function spanish(message: string): string {
  const fixed = SPANISH[message];
  if (fixed) return fixed;
  for (const [pattern, translated] of SPANISH_PATTERNS) {
    const match = pattern.exec(message);
    if (match) return translated(...match.slice(1));
  }
  return spanishValidationMessage(message) ?? message;
}

export function translate(message: string, language: Language): string {
  if (language === "es") return spanish(message);
  return message;
}

/** The field messages of a validation failure, translated one by one. */
export function translateErrors(
  errors: Record<string, string[]>,
  language: Language,
): Record<string, string[]> {
  if (language === "en") return errors;
  return Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [
      field,
      messages.map((message) => translate(message, language)),
    ]),
  );
}

import type { Language } from "@vela/shared/api";

/**
 * Spanish for the API's fixed messages, keyed by the English text, so code keeps writing plain
 * English and the error handler translates at the edge by the `language` header. A message
 * without an entry goes out in English.
 */
const SPANISH: Record<string, string> = {
  "The given data was invalid.": "Los datos proporcionados no son válidos.",
  "Invalid request headers.": "Encabezados de solicitud no válidos.",
  "Malformed JSON in request body.": "El cuerpo de la solicitud no es un JSON válido.",
  "Request body is too large.": "El cuerpo de la solicitud es demasiado grande.",
  "Unsupported content type.": "Tipo de contenido no admitido.",
  "Request body is empty.": "El cuerpo de la solicitud está vacío.",
  "Not found.": "No encontrado.",
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
  "Must be 1 to 255 visible ASCII characters.": "Debe tener de 1 a 255 caracteres ASCII visibles.",
  "An Idempotency-Key needs a signed-in caller.": "Un Idempotency-Key necesita una sesión iniciada.",
  "This Idempotency-Key was already used for a different request.":
    "Este Idempotency-Key ya se usó para otra solicitud.",
  "A request with this Idempotency-Key is still in progress.":
    "Una solicitud con este Idempotency-Key todavía está en curso.",
  "Welcome to Vela. We sent a code to your e-mail address.":
    "Bienvenido a Vela. Enviamos un código a tu correo electrónico.",
};

export function translate(message: string, language: Language): string {
  if (language === "es") return SPANISH[message] ?? message;
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

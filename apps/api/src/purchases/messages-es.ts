import { PURCHASE_MESSAGES } from "@vela/shared/purchases";

/** Spanish for the purchase services' fixed messages (registered with http/messages.ts by app.ts). */
export const PURCHASE_SPANISH: Record<string, string> = {
  [PURCHASE_MESSAGES.disabled]:
    "Este servicio no está disponible en tu cuenta. Contacta con nuestro equipo de soporte.",
  [PURCHASE_MESSAGES.invalidPhone]:
    "Introduce un número de móvil válido con su código de país, p. ej. +52 55 1234 5678.",
  [PURCHASE_MESSAGES.unsupportedCountry]: "Todavía no hacemos recargas en este país.",
  [PURCHASE_MESSAGES.unknownOperator]: "Operador no encontrado.",
  [PURCHASE_MESSAGES.operatorCountry]: "Este operador no da servicio en el país de ese número.",
  [PURCHASE_MESSAGES.unknownProduct]: "Producto no encontrado.",
  [PURCHASE_MESSAGES.productOperator]: "Este producto no lo vende el operador elegido.",
  [PURCHASE_MESSAGES.amountRequired]: "Introduce el importe para este producto.",
  [PURCHASE_MESSAGES.giftCardCountry]: "Esta tarjeta de regalo no se vende en tu país.",
  [PURCHASE_MESSAGES.unknownService]: "Servicio no encontrado.",
  [PURCHASE_MESSAGES.unknownProvider]: "Proveedor no encontrado.",
  [PURCHASE_MESSAGES.planRequired]: "Elige un plan de este proveedor.",
  [PURCHASE_MESSAGES.planProvider]: "Este plan no lo ofrece el proveedor elegido.",
  [PURCHASE_MESSAGES.billNotFound]:
    "No encontramos ninguna factura con este número de referencia. Revísalo en tu factura.",
  [PURCHASE_MESSAGES.billPaid]: "Esta factura no tiene nada pendiente de pago.",
  [PURCHASE_MESSAGES.notPurchase]: "Esta cotización no es de este servicio.",
  [PURCHASE_MESSAGES.noPaymentMethod]: "Elige primero cómo pagar.",
  [PURCHASE_MESSAGES.codeShown]:
    "El código de canje ya se mostró una vez. Lo encontrarás en el correo que te enviamos.",
  [PURCHASE_MESSAGES.codeNotReady]:
    "El código de canje aún no está listo. Aparecerá aquí cuando se emita la tarjeta de regalo.",
  "This purchase is paid from your wallet: send it without a payment.":
    "Esta compra se paga con tu billetera: envíala sin un pago.",
  "Pay first, then send the payment's id.": "Paga primero y luego envía el id del pago.",
  "This payment was already used for another order.": "Este pago ya se usó para otro pedido.",
  "Order not found.": "Pedido no encontrado.",
  // orders/jobs.ts ORDER_JOB_MESSAGES.purchaseRefunded (not imported: it would load the orders module here).
  "Your payment was refunded in full.": "Tu pago se reembolsó por completo.",
};

/** The purchase messages that carry a value (amounts, a list, an example), by their shape. */
export const PURCHASE_SPANISH_PATTERNS: [RegExp, (...parts: string[]) => string][] = [
  [
    /^Choose one of the amounts on offer: (.+)\.$/,
    (list) => `Elige uno de los importes disponibles: ${list}.`,
  ],
  [/^The minimum for this product is (.+)\.$/, (min) => `El mínimo para este producto es ${min}.`],
  [/^The maximum for this product is (.+)\.$/, (max) => `El máximo para este producto es ${max}.`],
  [
    /^Enter the reference number as it is on your bill, e\.g\. (.+)\.$/,
    (example) => `Introduce el número de referencia tal como aparece en tu factura, p. ej. ${example}.`,
  ],
  [
    /^This provider takes only the full balance: (.+)\. Partial payments are not allowed\.$/,
    (balance) => `Este proveedor solo acepta el saldo completo: ${balance}. No se permiten pagos parciales.`,
  ],
  [
    /^You cannot pay more than the balance: (.+)\.$/,
    (balance) => `No puedes pagar más que el saldo: ${balance}.`,
  ],
];

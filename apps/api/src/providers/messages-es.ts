/**
 * Spanish for what providers and the payment and order lifecycles say about a payment, a payout or
 * a delivery (a decline, a return, a refusal). They are stored in English on the payment or the
 * order (`failure_message`, `status_reason`, a timeline step's `reason`) and translated on the way
 * out: app.ts registers this table with http/messages.ts, and `localizeDisplay` translates those
 * fields by it. Keyed by the English text written out (importing the providers here would tie this
 * table into their modules); test/display-text-es.test.ts checks every provider constant has its entry.
 */
export const PROVIDER_SPANISH: Record<string, string> = {
  "Your card was declined.": "Tu tarjeta fue rechazada.",
  "Your card has insufficient funds.": "Tu tarjeta no tiene fondos suficientes.",
  "Your card has expired.": "Tu tarjeta está caducada.",
  "The card's 3-D Secure authentication failed.": "La autenticación 3-D Secure de la tarjeta falló.",
  "The card details are no longer valid; enter the card again.":
    "Los datos de la tarjeta ya no son válidos; introdúcela de nuevo.",
  "Insufficient funds": "Fondos insuficientes",
  "No account or unable to locate account": "No existe la cuenta o no se pudo localizar",
  "Your bank returned the debit.": "Tu banco devolvió el cargo.",
  "The payment was declined.": "El pago fue rechazado.",
  "The quotation expired before it was used, so the payment was cancelled.":
    "La cotización caducó antes de usarse, así que el pago se canceló.",
  "The payout partner refused the recipient's details.":
    "El socio de pago rechazó los datos del destinatario.",
  "The recipient's bank returned the payout.": "El banco del destinatario devolvió el pago.",
  "The operator is not taking top-ups right now.": "El operador no está aceptando recargas en este momento.",
  "This gift card is out of stock right now.": "Esta tarjeta de regalo está agotada en este momento.",
  "This bill is already paid.": "Esta factura ya está pagada.",
  "The biller found no bill with this reference number.":
    "El emisor no encontró ninguna factura con este número de referencia.",
  "The amount is more than what the bill owes now.": "El importe es mayor que lo que debe ahora la factura.",
  "This biller takes only the full balance.": "Este emisor solo acepta el saldo completo.",
  // orders/jobs.ts ORDER_JOB_MESSAGES.
  "The payment did not go through.": "El pago no se completó.",
  "The payout partner could not deliver the money.": "El socio de pago no pudo entregar el dinero.",
  "The transfer could not be delivered; the payment was refunded in full.":
    "El envío no se pudo entregar; el pago se reembolsó por completo.",
  "The provider could not deliver this purchase.": "El proveedor no pudo entregar esta compra.",
};

import type { Language } from "@vela/shared/api";

/**
 * The bill catalogue's words in both languages. Billers name their reference in their own language
 * ("Número de servicio", "Customer Account Number"); the form asks for it in the caller's, so each
 * label has an English and a Spanish form (acronyms such as NIC and NIS are the same in both). Plan
 * descriptions and the "pay the balance" plan are ours, by their English text. A text without an
 * entry goes out as the aggregator sent it.
 */
const REFERENCE_LABELS: Record<string, { en: string; es: string }> = {
  "Account Number": { en: "Account number", es: "Número de cuenta" },
  "Business Partner Number": { en: "Business partner number", es: "Número de socio comercial" },
  "CA Number": { en: "CA (contract account) number", es: "Número CA (cuenta contrato)" },
  Clave: { en: "Customer key (clave)", es: "Clave" },
  "Consumer Number": { en: "Consumer number", es: "Número de consumidor" },
  "Contract Account Number": { en: "Contract account number", es: "Número de cuenta contrato" },
  "Cuenta contrato": { en: "Contract account", es: "Cuenta contrato" },
  "Customer Account Number": { en: "Customer account number", es: "Número de cuenta de cliente" },
  "Código de cliente": { en: "Customer code", es: "Código de cliente" },
  "Código de cuenta": { en: "Account code", es: "Código de cuenta" },
  "Código de sistema": { en: "System code", es: "Código de sistema" },
  "Código único eléctrico": { en: "Unique electricity code", es: "Código único eléctrico" },
  "K Number": { en: "K number", es: "Número K" },
  "Número de cliente": { en: "Customer number", es: "Número de cliente" },
  "Número de contador": { en: "Meter number", es: "Número de contador" },
  "Número de contrato": { en: "Contract number", es: "Número de contrato" },
  "Número de cuenta SKY": { en: "SKY account number", es: "Número de cuenta SKY" },
  "Número de cuenta": { en: "Account number", es: "Número de cuenta" },
  "Número de línea": { en: "Line number", es: "Número de línea" },
  "Número de servicio": { en: "Service number", es: "Número de servicio" },
  "Número de suministro": { en: "Supply number", es: "Número de suministro" },
  "Número de teléfono": { en: "Phone number", es: "Número de teléfono" },
  "Número telefónico (10 dígitos)": { en: "Phone number (10 digits)", es: "Número telefónico (10 dígitos)" },
  "Subscriber ID": { en: "Subscriber ID", es: "ID de suscriptor" },
};

const PLAN_TEXTS_ES: Record<string, string> = {
  "Pay your bill": "Pagar tu factura",
  "Pays the bill's balance.": "Paga el saldo de la factura.",
  "Basic package, 30 days": "Paquete básico, 30 días",
  "Full package, 30 days": "Paquete completo, 30 días",
  "A prepaid energy pack of 20,000 COP": "Un paquete de energía prepago de 20.000 COP",
  "A prepaid energy pack of 50,000 COP": "Un paquete de energía prepago de 50.000 COP",
  "A prepaid energy pack of 100,000 COP": "Un paquete de energía prepago de 100.000 COP",
  "The Oro package for 30 days": "El paquete Oro durante 30 días",
  "The Plata package for 15 days": "El paquete Plata durante 15 días",
  "30 days of the Pilipinas package": "30 días del paquete Pilipinas",
  "30 days of the Premium package": "30 días del paquete Premium",
  "The Hindi Basic pack for 30 days": "El paquete Hindi Basic durante 30 días",
  "The Family Sports pack for 30 days": "El paquete Family Sports durante 30 días",
};

/** The label of a biller's reference in the caller's language. */
export const billReferenceLabel = (label: string, language: Language) =>
  REFERENCE_LABELS[label]?.[language] ?? label;

/** A plan's name or description in the caller's language (billers' own plan names stay as they are). */
export const billPlanText = (text: string, language: Language) =>
  language === "es" ? (PLAN_TEXTS_ES[text] ?? text) : text;

/** Spanish for the senders' messages added with walk-in customers (registered with http/messages.ts by app.ts). */
export const SENDERS_SPANISH: Record<string, string> = {
  "Complete the identity document.": "Completa el documento de identidad.",
};

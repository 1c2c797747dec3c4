/** The wallet core's fixed messages (wallets/service.ts), with their Spanish (registered with http/messages.ts by app.ts). */
export const WALLET_MESSAGES = {
  notFound: "Wallet not found.",
  opened: "Wallet opened.",
  unknownCurrency: "We do not offer wallets in this currency.",
  alreadyOpen: (iso: string) => `You already have a ${iso} wallet.`,
  closed: (iso: string) => `Your ${iso} wallet is closed.`,
  notConvert: "This quotation is not for a conversion.",
  noFromWallet: (iso: string) => `You have no ${iso} wallet to convert from. Open one first.`,
  noToWallet: (iso: string) => `You have no ${iso} wallet to convert into. Open one first.`,
  needsWallets: "A conversion moves money between two of your wallets: open the missing wallet first.",
  converted: "Conversion completed.",
  walletClosed: "Wallet closed.",
  alreadyClosed: "This wallet is already closed.",
  closeHeld: (amount: string, iso: string) =>
    `This wallet has ${amount} ${iso} on hold for a withdrawal. Close it once the withdrawal is paid out or returned.`,
  closeNotEmpty: (amount: string, iso: string) =>
    `This wallet still holds ${amount} ${iso}. Convert, send or withdraw it before closing the wallet.`,
  closeInFlight:
    "A deposit, send or withdrawal of this wallet is still in progress. Close the wallet once it is finished.",
} as const;

/** Spanish for the fixed ones. */
export const WALLET_SPANISH: Record<string, string> = {
  [WALLET_MESSAGES.notFound]: "Billetera no encontrada.",
  [WALLET_MESSAGES.opened]: "Billetera abierta.",
  [WALLET_MESSAGES.unknownCurrency]: "No ofrecemos billeteras en esta moneda.",
  [WALLET_MESSAGES.notConvert]: "Esta cotización no es de una conversión.",
  [WALLET_MESSAGES.needsWallets]:
    "Una conversión mueve dinero entre dos de tus billeteras: abre primero la que falta.",
  [WALLET_MESSAGES.converted]: "Conversión completada.",
  [WALLET_MESSAGES.walletClosed]: "Billetera cerrada.",
  [WALLET_MESSAGES.alreadyClosed]: "Esta billetera ya está cerrada.",
  [WALLET_MESSAGES.closeInFlight]:
    "Un depósito, envío o retiro de esta billetera sigue en curso. Ciérrala cuando termine.",
};

/** Spanish for the ones that name a currency, by their shape. */
export const WALLET_SPANISH_PATTERNS: [RegExp, (...parts: string[]) => string][] = [
  [/^You already have a (\w+) wallet\.$/, (iso) => `Ya tienes una billetera en ${iso}.`],
  [/^Your (\w+) wallet is closed\.$/, (iso) => `Tu billetera en ${iso} está cerrada.`],
  [
    /^This wallet has ([\d.,]+) (\w+) on hold for a withdrawal\. Close it once the withdrawal is paid out or returned\.$/,
    (amount, iso) =>
      `Esta billetera tiene ${amount} ${iso} retenidos por un retiro. Ciérrala cuando el retiro se pague o se devuelva.`,
  ],
  [
    /^This wallet still holds ([\d.,]+) (\w+)\. Convert, send or withdraw it before closing the wallet\.$/,
    (amount, iso) =>
      `Esta billetera aún tiene ${amount} ${iso}. Conviértelo, envíalo o retíralo antes de cerrarla.`,
  ],
  [
    /^You have no (\w+) wallet to convert from\. Open one first\.$/,
    (iso) => `No tienes una billetera en ${iso} desde la que convertir. Abre una primero.`,
  ],
  [
    /^You have no (\w+) wallet to convert into\. Open one first\.$/,
    (iso) => `No tienes una billetera en ${iso} a la que convertir. Abre una primero.`,
  ],
];

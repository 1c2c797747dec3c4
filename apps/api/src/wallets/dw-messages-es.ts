import { DEPOSIT_MESSAGES, WITHDRAW_MESSAGES } from "./dw-messages";

/** Spanish for the wallet deposits' and withdrawals' fixed messages (registered with http/messages.ts by app.ts). */
export const WALLET_DW_SPANISH: Record<string, string> = {
  [DEPOSIT_MESSAGES.walletClosed]: "Esta billetera está cerrada. Ábrela de nuevo o elige otra billetera.",
  [DEPOSIT_MESSAGES.placed]: "Depósito registrado.",
  [WITHDRAW_MESSAGES.notAccount]:
    "Elige una de tus cuentas de retiro (una cuenta bancaria o billetera móvil a tu nombre).",
  [WITHDRAW_MESSAGES.inactive]: "Esta cuenta de retiro está desactivada. Actívala o elige otra.",
  [WITHDRAW_MESSAGES.walletClosed]: "Esta billetera está cerrada.",
  [WITHDRAW_MESSAGES.recipientGone]:
    "Esta cuenta de retiro se eliminó o se desactivó. Elige otra y cotiza de nuevo.",
  [WITHDRAW_MESSAGES.codeSent]: "Te enviamos un código para confirmar el retiro.",
  [WITHDRAW_MESSAGES.placed]: "Retiro registrado.",
  [WITHDRAW_MESSAGES.accountSaved]: "Cuenta de retiro guardada.",
  "Enter the 6-digit code we sent you.": "Escribe el código de 6 dígitos que te enviamos.",
};

/** Those that carry a currency, by their shape. */
export const WALLET_DW_SPANISH_PATTERNS: [RegExp, (...parts: string[]) => string][] = [
  [
    /^Open a (\w+) wallet first: a deposit goes into one of your wallets\.$/,
    (iso) => `Abre primero una billetera en ${iso}: un depósito va a una de tus billeteras.`,
  ],
  [
    /^You have no (\w+) wallet to withdraw from\.$/,
    (iso) => `No tienes una billetera en ${iso} de la que retirar.`,
  ],
];

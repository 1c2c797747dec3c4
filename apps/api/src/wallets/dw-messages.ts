/** The English messages of wallet deposits and withdrawals (Spanish: dw-messages-es.ts). */
export const DEPOSIT_MESSAGES = {
  notDeposit: "This quotation is not for a wallet deposit.",
  noWallet: (iso: string) => `Open a ${iso} wallet first: a deposit goes into one of your wallets.`,
  walletClosed: "This wallet is closed. Open it again or choose another wallet.",
  placed: "Deposit placed.",
} as const;

export const WITHDRAW_MESSAGES = {
  notAccount: "Choose one of your withdrawal accounts (a bank account or mobile wallet in your name).",
  inactive: "This withdrawal account is deactivated. Activate it or choose another.",
  noWallet: (iso: string) => `You have no ${iso} wallet to withdraw from.`,
  walletClosed: "This wallet is closed.",
  recipientGone: "This withdrawal account was deleted or deactivated. Choose another and quote again.",
  codeSent: "We sent you a code to confirm the withdrawal.",
  placed: "Withdrawal placed.",
  /** A withdrawal account is the user's own: it is saved, nobody is told. */
  accountSaved: "Withdrawal account saved.",
} as const;

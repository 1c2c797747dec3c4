import type { Currency } from "@vela/shared/reference";
import type { WalletRecipient } from "@vela/shared/wallet-send";

/**
 * The wallet contract as the SPA reads it (spec §3 Wallet: balance, currency with flag_currency,
 * shares, walletId, statuses, services; §7 Wallets): the shared schemas' types of
 * @vela/shared/wallets, wallet-send and wallet-dw, and what the flows' lists have in common.
 * Amounts are decimal strings in the currency's digits, as the API writes them.
 */
export type {
  BalanceAndShares,
  BalanceHistory,
  Wallet,
  WalletCurrency,
  WalletDashboard,
  WalletShares,
  WalletTransaction,
} from "@vela/shared/wallets";

/**
 * A currency of a flow's lists: deposit, convert and withdraw add the flag, a conversion the
 * user's wallet in it (null when there is none), a send the wallet and what it holds.
 */
export type FlowCurrency = Currency & {
  flag_currency?: string | null;
  available?: string;
  wallet?: { id: number; public_id: string; available: string } | null;
};

/**
 * What search-user and recent-recipients answer about another user: a masked name, a public
 * wallet id and the currencies they hold wallets in (@vela/shared/wallet-send).
 */
export type WalletUser = WalletRecipient;

import { z } from "zod";
import { paginated, recordId } from "../api";
import {
  balanceAndShares,
  balanceHistory,
  balanceHistoryQuery,
  newWalletRequest,
  wallet,
  walletCurrency,
  walletDashboard,
  walletSelectOption,
  walletTransaction,
  walletTransactionsQuery,
} from "../wallets";
import { endpoint } from "./endpoint";

/* Wallets: the dashboard, opening and closing one, its balance, history and movements. */

const walletParams = z.object({ id: recordId });

export const getWalletDashboard = endpoint({
  method: "GET",
  path: "/wallets/dashboard",
  response: walletDashboard,
});
export const getUserWallets = endpoint({
  method: "GET",
  path: "/wallets/u-wallets",
  response: z.array(wallet),
});
export const getNewWalletCurrencies = endpoint({
  method: "GET",
  path: "/wallets/new-wallet/currencies",
  response: z.array(walletCurrency),
});
export const openWallet = endpoint({
  method: "POST",
  path: "/wallets/new-wallet",
  body: newWalletRequest,
  response: wallet,
  status: 201,
});
export const getBalanceAndShares = endpoint({
  method: "GET",
  path: "/wallets/{id}/balance-and-shares",
  params: walletParams,
  response: balanceAndShares,
});
export const closeWallet = endpoint({
  method: "POST",
  path: "/wallets/{id}/close",
  params: walletParams,
  response: wallet,
});
export const getWalletTransactions = endpoint({
  method: "GET",
  path: "/wallets/{id}/transactions",
  params: walletParams,
  query: walletTransactionsQuery,
  response: paginated(walletTransaction),
});
export const getBalanceHistory = endpoint({
  method: "GET",
  path: "/wallets/{id}/balance-history",
  params: walletParams,
  query: balanceHistoryQuery,
  response: balanceHistory,
});
export const getWalletServices = endpoint({
  method: "GET",
  path: "/wallets/selects/services",
  response: z.array(walletSelectOption),
});
export const getWalletStatuses = endpoint({
  method: "GET",
  path: "/wallets/selects/statuses",
  response: z.array(walletSelectOption),
});

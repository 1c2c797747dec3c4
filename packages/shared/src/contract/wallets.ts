import { z } from "zod";
import { paginated, recordId } from "../api";
import { codeSent } from "../auth";
import { dynamicForm } from "../dynamic-form";
import { confirmationRecord } from "../orders";
import { calculation, quotation, walletQuotationRequest } from "../pricing";
import { recipientRequest, recipientSchema, withdrawFormQuery } from "../recipients";
import {
  beneficiariesQuery,
  depositCalculatorRequest,
  depositTransactionRequest,
  walletCurrenciesQuery,
  walletCurrencyOption,
  withdrawCalculatorRequest,
  withdrawConfirmationRequest,
  withdrawMethod,
  withdrawMethodsQuery,
  withdrawQuotationRequest,
  withdrawTransactionRequest,
} from "../wallet-dw";
import {
  recentRecipient,
  searchUserQuery,
  sendCurrenciesQuery,
  sendCurrency,
  walletRecipient,
  walletSendCalculation,
  walletSendQuotation,
  walletSendRequest,
  walletSendTransactionRequest,
} from "../wallet-send";
import {
  balanceAndShares,
  balanceHistory,
  balanceHistoryQuery,
  convertCalculatorRequest,
  convertCurrenciesQuery,
  convertCurrency,
  convertTransactionRequest,
  newWalletRequest,
  wallet,
  walletCurrency,
  walletDashboard,
  walletOrderAnswer,
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

/*
 * The money services (deposit, convert, send, withdraw) under /wallets/{service}/. Services whose
 * answers share a shape share an entry, with the service as an enum path parameter; the one that
 * answers more (a send names its recipient, a convert its wallets) has its own.
 */

export const getWalletServiceCurrencies = endpoint({
  method: "GET",
  path: "/wallets/{service}/currencies",
  params: z.object({ service: z.enum(["deposit-money", "withdraw-money"]) }),
  query: walletCurrenciesQuery,
  response: z.array(walletCurrencyOption),
});
export const getConvertCurrencies = endpoint({
  method: "GET",
  path: "/wallets/convert-money/currencies",
  query: convertCurrenciesQuery,
  response: z.array(convertCurrency),
});
export const getSendCurrencies = endpoint({
  method: "GET",
  path: "/wallets/send-money/currencies",
  query: sendCurrenciesQuery,
  response: z.array(sendCurrency),
});
export const calculateWalletPrice = endpoint({
  method: "POST",
  path: "/wallets/{service}/calculator",
  params: z.object({ service: z.enum(["deposit-money", "convert-money", "withdraw-money"]) }),
  body: z.union([depositCalculatorRequest, convertCalculatorRequest, withdrawCalculatorRequest]),
  response: calculation,
});
export const calculateWalletSend = endpoint({
  method: "POST",
  path: "/wallets/send-money/calculator",
  body: walletSendRequest,
  response: walletSendCalculation,
});
export const createWalletQuotation = endpoint({
  method: "POST",
  path: "/wallets/{service}/quotation/create",
  params: z.object({ service: z.enum(["deposit-money", "convert-money", "withdraw-money"]) }),
  body: z.union([walletQuotationRequest, withdrawQuotationRequest]),
  response: quotation,
  status: 201,
});
export const createWalletSendQuotation = endpoint({
  method: "POST",
  path: "/wallets/send-money/quotation/create",
  body: walletSendRequest,
  response: walletSendQuotation,
  status: 201,
});
export const createWalletTransaction = endpoint({
  method: "POST",
  path: "/wallets/{service}/transaction",
  params: z.object({ service: z.enum(["deposit-money", "send-money", "withdraw-money"]) }),
  body: z.union([depositTransactionRequest, walletSendTransactionRequest, withdrawTransactionRequest]),
  response: confirmationRecord,
  status: 201,
});
export const createConvertTransaction = endpoint({
  method: "POST",
  path: "/wallets/convert-money/transaction",
  body: convertTransactionRequest,
  response: walletOrderAnswer,
  status: 201,
});
export const searchWalletUser = endpoint({
  method: "GET",
  path: "/wallets/send-money/search-user",
  query: searchUserQuery,
  response: walletRecipient,
});
export const getRecentWalletRecipients = endpoint({
  method: "GET",
  path: "/wallets/send-money/recent-recipients",
  response: z.array(recentRecipient),
});
export const getWithdrawMethods = endpoint({
  method: "GET",
  path: "/wallets/withdraw-money/methods",
  query: withdrawMethodsQuery,
  response: z.array(withdrawMethod),
});
export const getWithdrawBeneficiaries = endpoint({
  method: "GET",
  path: "/wallets/withdraw-money/beneficiaries",
  query: beneficiariesQuery,
  response: paginated(recipientSchema),
});
/** A withdrawal account's form, by currency_to_id and withdrawal_method_id (the recipients' withdraw form). */
export const getWithdrawAccountForm = endpoint({
  method: "GET",
  path: "/wallets/withdraw-money/recipients",
  query: withdrawFormQuery,
  response: dynamicForm,
});
export const createWithdrawAccount = endpoint({
  method: "POST",
  path: "/wallets/withdraw-money/recipients",
  body: recipientRequest,
  response: recipientSchema,
  status: 201,
});
export const sendWithdrawCode = endpoint({
  method: "POST",
  path: "/wallets/withdraw-money/confirmation",
  body: withdrawConfirmationRequest,
  response: codeSent,
});

import { z } from "zod";
import { paginated } from "../api";
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
import { get, post } from "./endpoint";
import { idParams, serviceParams } from "./params";

/* Wallets: the dashboard, opening and closing one, its balance, history and movements. */

export const getWalletDashboard = get("/wallets/dashboard", walletDashboard);
export const getUserWallets = get("/wallets/u-wallets", z.array(wallet));
export const getNewWalletCurrencies = get("/wallets/new-wallet/currencies", z.array(walletCurrency));
export const openWallet = post("/wallets/new-wallet", wallet, { body: newWalletRequest, status: 201 });
export const getBalanceAndShares = get("/wallets/{id}/balance-and-shares", balanceAndShares, {
  params: idParams,
});
export const closeWallet = post("/wallets/{id}/close", wallet, { params: idParams });
export const getWalletTransactions = get("/wallets/{id}/transactions", paginated(walletTransaction), {
  params: idParams,
  query: walletTransactionsQuery,
});
export const getBalanceHistory = get("/wallets/{id}/balance-history", balanceHistory, {
  params: idParams,
  query: balanceHistoryQuery,
});
export const getWalletServices = get("/wallets/selects/services", z.array(walletSelectOption));
export const getWalletStatuses = get("/wallets/selects/statuses", z.array(walletSelectOption));

/*
 * The money services (deposit, convert, send, withdraw) under /wallets/{service}/. Services whose
 * answers share a shape share an entry, with the service as an enum path parameter; the one that
 * answers more (a send names its recipient, a convert its wallets) has its own.
 */
/** The services priced alike: a calculation, then a quotation. */
const pricedServiceParams = serviceParams(["deposit-money", "convert-money", "withdraw-money"]);

export const getWalletServiceCurrencies = get(
  "/wallets/{service}/currencies",
  z.array(walletCurrencyOption),
  {
    params: serviceParams(["deposit-money", "withdraw-money"]),
    query: walletCurrenciesQuery,
  },
);
export const getConvertCurrencies = get("/wallets/convert-money/currencies", z.array(convertCurrency), {
  query: convertCurrenciesQuery,
});
export const getSendCurrencies = get("/wallets/send-money/currencies", z.array(sendCurrency), {
  query: sendCurrenciesQuery,
});
export const calculateWalletPrice = post("/wallets/{service}/calculator", calculation, {
  params: pricedServiceParams,
  body: z.union([depositCalculatorRequest, convertCalculatorRequest, withdrawCalculatorRequest]),
});
export const calculateWalletSend = post("/wallets/send-money/calculator", walletSendCalculation, {
  body: walletSendRequest,
});
export const createWalletQuotation = post("/wallets/{service}/quotation/create", quotation, {
  params: pricedServiceParams,
  body: z.union([walletQuotationRequest, withdrawQuotationRequest]),
  status: 201,
});
export const createWalletSendQuotation = post("/wallets/send-money/quotation/create", walletSendQuotation, {
  body: walletSendRequest,
  status: 201,
});
export const createWalletTransaction = post("/wallets/{service}/transaction", confirmationRecord, {
  params: serviceParams(["deposit-money", "send-money", "withdraw-money"]),
  body: z.union([depositTransactionRequest, walletSendTransactionRequest, withdrawTransactionRequest]),
  status: 201,
});
export const createConvertTransaction = post("/wallets/convert-money/transaction", walletOrderAnswer, {
  body: convertTransactionRequest,
  status: 201,
});
export const searchWalletUser = get("/wallets/send-money/search-user", walletRecipient, {
  query: searchUserQuery,
});
export const getRecentWalletRecipients = get(
  "/wallets/send-money/recent-recipients",
  z.array(recentRecipient),
);
export const getWithdrawMethods = get("/wallets/withdraw-money/methods", z.array(withdrawMethod), {
  query: withdrawMethodsQuery,
});
export const getWithdrawBeneficiaries = get(
  "/wallets/withdraw-money/beneficiaries",
  paginated(recipientSchema),
  { query: beneficiariesQuery },
);
/** A withdrawal account's form, by currency_to_id and withdrawal_method_id (the recipients' withdraw form). */
export const getWithdrawAccountForm = get("/wallets/withdraw-money/recipients", dynamicForm, {
  query: withdrawFormQuery,
});
export const createWithdrawAccount = post("/wallets/withdraw-money/recipients", recipientSchema, {
  body: recipientRequest,
  status: 201,
});
export const sendWithdrawCode = post("/wallets/withdraw-money/confirmation", codeSent, {
  body: withdrawConfirmationRequest,
});

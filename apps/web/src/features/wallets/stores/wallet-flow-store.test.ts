import { beforeEach, describe, expect, it } from "vitest";
import {
  createWalletFlowStore,
  INITIAL_WALLET_FLOW_DATA,
  walletStepIndex,
  walletStepPath,
} from "./wallet-flow-store";

describe("a wallet flow's store", () => {
  beforeEach(() => sessionStorage.clear());

  it("counts steps as spec §4 says: continue +1, back −1, wallet-continue +2, never past either end", () => {
    const store = createWalletFlowStore("convert");
    store.getState().walletContinueStep();
    expect(store.getState().step).toBe(2);
    store.getState().walletContinueStep();
    expect(store.getState().step).toBe(3);
    store.getState().continueStep();
    expect(store.getState().step).toBe(3);
    store.getState().setStep(0);
    store.getState().backStep();
    expect(store.getState().step).toBe(0);
  });

  it("moves on after a quotation: one step, or two when it is paid from the wallet", () => {
    const deposit = createWalletFlowStore("deposit");
    deposit.getState().quotationCreated(900);
    expect(deposit.getState()).toMatchObject({ step: 1, quotation_id: 900 });

    const convert = createWalletFlowStore("convert");
    convert.getState().quotationCreated(901, { isPaidFromWallet: true });
    expect(convert.getState()).toMatchObject({ step: 2, quotation_id: 901 });
  });

  it("forgets the held price and the attempt when the currencies or the amount change", () => {
    const store = createWalletFlowStore("convert");
    store.getState().quotationCreated(900, { isPaidFromWallet: true });
    const key = store.getState().ensureTransactionKey();
    expect(store.getState().ensureTransactionKey()).toBe(key);

    store.getState().setCurrency("to", 11);
    expect(store.getState()).toMatchObject({ quotation_id: null, transactionKey: null });

    store.getState().quotationCreated(902);
    store.getState().commitAmount("250.00");
    expect(store.getState()).toMatchObject({ quotation_id: null, send_amount: "250.00" });
  });

  it("picks a loaded list's first currency when none (or one it lacks) is chosen (spec §4)", () => {
    const store = createWalletFlowStore("deposit");
    store.getState().currenciesLoaded("from", [10, 11]);
    expect(store.getState().currency_from_id).toBe(10);
    store.getState().setCurrency("from", 11);
    store.getState().currenciesLoaded("from", [10, 11]);
    expect(store.getState().currency_from_id).toBe(11);
    store.getState().currenciesLoaded("from", [12]);
    expect(store.getState().currency_from_id).toBe(12);
  });

  it("resets to step 0 with the amount '100' and nothing chosen (spec §4, §9)", () => {
    const store = createWalletFlowStore("send");
    store.getState().recipientFound({
      name: "Bo R.",
      wallet_id: "VW-1",
      currencies: [{ id: 11, iso: "EUR", name: "Euro", decimals: 2, symbol: "€", wallet_id: "VW-1" }],
    });
    store.getState().typeAmount("75");
    store.getState().transactionConfirmed(5);
    store.getState().reset();
    expect(store.getState()).toMatchObject({ ...INITIAL_WALLET_FLOW_DATA, sendAmount: "100" });
  });

  it("names each step in the address", () => {
    expect(walletStepPath("withdraw", "VERIFY")).toBe("/account/wallets/withdraw/verify");
    expect(walletStepIndex("deposit", "payment")).toBe(1);
    expect(walletStepIndex("deposit", "recipient")).toBe(-1);
  });
});

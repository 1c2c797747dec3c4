import { useDocumentTitle } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { notifySuccess } from "@/shared/api/notify";
import {
  createBankAccount,
  deleteBankAccount,
  settingsBanksQueryOptions,
  useSettingsBanks,
} from "../api/saved-instruments";
import { BankForm } from "../components/bank-form";
import { SavedInstrumentsPage } from "./saved-instruments-page";

/** /account/settings/banks: the saved bank accounts (masked), add one, delete. */
export const SavedBanksRoute = () => {
  const { t } = useTranslation();
  useDocumentTitle(`${t("savedInstruments.banksTitle")} · Vela`);
  const banks = useSettingsBanks();
  return (
    <SavedInstrumentsPage
      title={t("savedInstruments.banksTitle")}
      text={t("savedInstruments.banksText")}
      emptyText={t("savedInstruments.noBanks")}
      addLabel={t("savedInstruments.addBank")}
      query={banks}
      queryKey={settingsBanksQueryOptions().queryKey}
      rows={(banks.data ?? []).map((bank) => ({
        id: bank.id,
        title: `${bank.bankName} ${bank.accountNumber}`,
        detail: `${bank.nameOnAccount} · ${t(`payment.bank.${bank.accountType}`)} · ${bank.routingNumber}`,
      }))}
      remove={deleteBankAccount}
      renderForm={(close) => (
        <BankForm
          submitLabel={t("savedInstruments.saveBank")}
          onCancel={close}
          onSubmit={async (account) => {
            const answer = await createBankAccount(account);
            notifySuccess(answer.message ?? t("savedInstruments.bankSaved"));
            close();
          }}
        />
      )}
    />
  );
};

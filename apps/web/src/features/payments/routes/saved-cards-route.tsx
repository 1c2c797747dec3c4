import { useDocumentTitle } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { notifySuccess } from "@/shared/api/notify";
import {
  createCardProfile,
  deleteSavedCard,
  settingsCardsQueryOptions,
  useSettingsCards,
} from "../api/saved-instruments";
import { CardForm } from "../components/card-form";
import { SavedInstrumentsPage } from "./saved-instruments-page";

/** /account/settings/cards: the saved cards (masked), add one (tokenised by the processor), delete. */
export const SavedCardsRoute = () => {
  const { t } = useTranslation();
  useDocumentTitle(`${t("savedInstruments.cardsTitle")} · Vela`);
  const cards = useSettingsCards();
  return (
    <SavedInstrumentsPage
      title={t("savedInstruments.cardsTitle")}
      text={t("savedInstruments.cardsText")}
      emptyText={t("savedInstruments.noCards")}
      addLabel={t("savedInstruments.addCard")}
      query={cards}
      queryKey={settingsCardsQueryOptions().queryKey}
      rows={(cards.data ?? []).map((card) => ({
        id: card.id,
        title: `${card.cardType} ${card.number}`,
        detail: `${card.name_holder} · ${t("payment.card.expires", {
          month: String(card.exp_month).padStart(2, "0"),
          year: card.exp_year,
        })}`,
      }))}
      remove={deleteSavedCard}
      renderForm={(close) => (
        <CardForm
          submitLabel={t("savedInstruments.saveCard")}
          askBillingAddress
          onCancel={close}
          onToken={async (token, { name_holder, billing_address }) => {
            const answer = await createCardProfile({ card_token: token.token, name_holder, billing_address });
            notifySuccess(answer.message ?? t("savedInstruments.cardSaved"));
            close();
          }}
        />
      )}
    />
  );
};

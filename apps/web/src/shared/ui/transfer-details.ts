import { type MoneyLocale, moneyText } from "@vela/shared/money";
import type { TransferInstructionsView } from "@vela/shared/payments";
import type { TFunction } from "i18next";

/**
 * A push transfer's instructions as label / value rows (amount, the `VLT-` reference, the bank's
 * details), for the PAYMENT step and every page that shows them again: a deposit's confirmation
 * and its order details. Rows the method does not use (an IBAN for a wire) are left out.
 */
export const transferDetailRows = (
  t: TFunction,
  instructions: TransferInstructionsView,
  locale: MoneyLocale,
): [string, string][] =>
  (
    [
      [t("payment.transfer.amount"), moneyText(instructions.amount, instructions.currency, locale)],
      [t("payment.transfer.reference"), instructions.reference],
      [t("payment.transfer.beneficiary"), instructions.beneficiary_name],
      [t("payment.transfer.bank"), instructions.bank_name],
      [t("payment.transfer.bankAddress"), instructions.bank_address],
      [t("payment.transfer.accountNumber"), instructions.account_number],
      [t("payment.transfer.routingNumber"), instructions.routing_number],
      ["IBAN", instructions.iban],
      ["BIC / SWIFT", instructions.bic],
    ] as [string, string | null][]
  ).filter((row): row is [string, string] => Boolean(row[1]));

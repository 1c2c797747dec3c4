import * as contract from "@vela/shared/contract/pricing";
import { api } from "@/shared/api/api-client";
import type { AmountSelection } from "../utils/send-money-search";

/**
 * POST /api/consignments/quotation: holds the price of the selection (201, the quotation with its
 * id and expiry). Out of limits it answers 422 with the §5 message, like the calculator.
 */
export const createQuotation = (selection: AmountSelection) =>
  api.call(contract.createQuotation, { body: selection });

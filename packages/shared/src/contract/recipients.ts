import { z } from "zod";
import { paginated, recordId } from "../api";
import { dynamicForm } from "../dynamic-form";
import {
  confirmRecipientRequest,
  externalFormQuery,
  externalInvitation,
  externalRecipientSubmission,
  externalSubmissionAnswer,
  invitationListQuery,
  receivingOptions,
  recipientInvitation,
  sendLinkRequest,
} from "../external-recipients";
import {
  addRecipientRequest,
  beneficiaryFormQuery,
  beneficiaryRequest,
  quotationSelection,
  RECIPIENT_SERVICES,
  recipientFormQuery,
  recipientListQuery,
  recipientRequest,
  recipientSchema,
  withdrawFormQuery,
} from "../recipients";
import { endpoint } from "./endpoint";

/* Recipients, their dynamic forms, and the invitations that let a person fill in their own details. */

const idParams = z.object({ id: recordId });

export const getRecipients = endpoint({
  method: "GET",
  path: "/recipients",
  query: recipientListQuery,
  response: paginated(recipientSchema),
});
export const createRecipient = endpoint({
  method: "POST",
  path: "/recipients",
  body: recipientRequest,
  response: recipientSchema,
  status: 201,
});
/** A service's own recipient list and short form (consignments: the full form of its corridor). */
const serviceParams = z.object({ service: z.enum(RECIPIENT_SERVICES) });
export const getServiceRecipients = endpoint({
  method: "GET",
  path: "/{service}/recipients",
  params: serviceParams,
  query: recipientListQuery.omit({ service: true }),
  response: paginated(recipientSchema),
});
export const createServiceRecipient = endpoint({
  method: "POST",
  path: "/{service}/recipients",
  params: serviceParams,
  body: recipientRequest,
  response: recipientSchema,
  status: 201,
});
export const getRecipientForm = endpoint({
  method: "GET",
  path: "/recipients/dynamic-form",
  query: recipientFormQuery,
  response: dynamicForm,
});
export const getWithdrawForm = endpoint({
  method: "GET",
  path: "/recipients/withdraw-form",
  query: withdrawFormQuery,
  response: dynamicForm,
});
export const getRecipient = endpoint({
  method: "GET",
  path: "/recipients/{id}",
  params: idParams,
  response: recipientSchema,
});
export const updateRecipient = endpoint({
  method: "PUT",
  path: "/recipients/{id}",
  params: idParams,
  body: recipientRequest,
  response: recipientSchema,
});
export const toggleRecipient = endpoint({
  method: "PATCH",
  path: "/recipients/{id}",
  params: idParams,
  response: recipientSchema,
});
export const deleteRecipient = endpoint({
  method: "DELETE",
  path: "/recipients/{id}",
  params: idParams,
  response: z.null(),
});
export const addRecipientToQuotation = endpoint({
  method: "PUT",
  path: "/consignments/quotation/{id}/add-recipient",
  params: idParams,
  body: addRecipientRequest,
  response: quotationSelection,
});
/* The beneficiaries of a consignment quotation: recipients of its corridor and delivery method. */
export const getBeneficiaries = endpoint({
  method: "GET",
  path: "/consignments/quotation/{id}/beneficiaries",
  params: idParams,
  query: recipientListQuery.omit({ quotation_id: true, service: true }),
  response: paginated(recipientSchema),
});
export const getBeneficiaryForm = endpoint({
  method: "GET",
  path: "/consignments/quotation/{id}/beneficiaries/dynamic-form",
  params: idParams,
  query: beneficiaryFormQuery,
  response: dynamicForm,
});
export const createBeneficiary = endpoint({
  method: "POST",
  path: "/consignments/quotation/{id}/beneficiaries",
  params: idParams,
  body: beneficiaryRequest,
  response: recipientSchema,
  status: 201,
});
export const updateBeneficiary = endpoint({
  method: "PUT",
  path: "/consignments/quotation/{id}/beneficiaries/{beneficiary_id}",
  params: idParams.extend({ beneficiary_id: recordId }),
  body: beneficiaryRequest,
  response: recipientSchema,
});
/** The same choice as add-recipient, as a patch of the quotation. */
export const patchQuotationRecipient = endpoint({
  method: "PATCH",
  path: "/quotations/{id}",
  params: idParams,
  body: addRecipientRequest,
  response: quotationSelection,
});

export const sendInvitationLinks = endpoint({
  method: "POST",
  path: "/recipients/send-link",
  body: sendLinkRequest,
  response: z.array(recipientInvitation),
  status: 201,
});
export const getInvitations = endpoint({
  method: "GET",
  path: "/recipients/invitations",
  query: invitationListQuery,
  response: paginated(recipientInvitation),
});
export const confirmInvitation = endpoint({
  method: "POST",
  path: "/recipients/confirm-recipient",
  body: confirmRecipientRequest,
  response: recipientInvitation,
});

/* The link's public endpoints: the token goes in the invitation header. */
export const getExternalInvitation = endpoint({
  method: "GET",
  path: "/external-recipients/me",
  response: externalInvitation,
});
export const getExternalReceivingOptions = endpoint({
  method: "GET",
  path: "/external-recipients/receiving-options",
  response: receivingOptions,
});
export const getExternalForm = endpoint({
  method: "GET",
  path: "/external-recipients/dynamic-form",
  query: externalFormQuery,
  response: dynamicForm,
});
export const submitExternalRecipient = endpoint({
  method: "POST",
  path: "/external-recipients",
  body: externalRecipientSubmission,
  response: externalSubmissionAnswer,
  status: 201,
});

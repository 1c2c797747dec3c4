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
import { del, get, patch, post, put } from "./endpoint";
import { idParams, serviceParams } from "./params";

/* Recipients, their dynamic forms, and the invitations that let a person fill in their own details. */

export const getRecipients = get("/recipients", paginated(recipientSchema), { query: recipientListQuery });
export const createRecipient = post("/recipients", recipientSchema, { body: recipientRequest, status: 201 });
/** A service's own recipient list and short form (consignments: the full form of its corridor). */
const recipientServiceParams = serviceParams(RECIPIENT_SERVICES);
export const getServiceRecipients = get("/{service}/recipients", paginated(recipientSchema), {
  params: recipientServiceParams,
  query: recipientListQuery.omit({ service: true }),
});
export const createServiceRecipient = post("/{service}/recipients", recipientSchema, {
  params: recipientServiceParams,
  body: recipientRequest,
  status: 201,
});
export const getRecipientForm = get("/recipients/dynamic-form", dynamicForm, { query: recipientFormQuery });
export const getWithdrawForm = get("/recipients/withdraw-form", dynamicForm, { query: withdrawFormQuery });
export const getRecipient = get("/recipients/{id}", recipientSchema, { params: idParams });
export const updateRecipient = put("/recipients/{id}", recipientSchema, {
  params: idParams,
  body: recipientRequest,
});
export const toggleRecipient = patch("/recipients/{id}", recipientSchema, { params: idParams });
export const deleteRecipient = del("/recipients/{id}", z.null(), { params: idParams });
export const addRecipientToQuotation = put("/consignments/quotation/{id}/add-recipient", quotationSelection, {
  params: idParams,
  body: addRecipientRequest,
});
/* The beneficiaries of a consignment quotation: recipients of its corridor and delivery method. */
export const getBeneficiaries = get(
  "/consignments/quotation/{id}/beneficiaries",
  paginated(recipientSchema),
  { params: idParams, query: recipientListQuery.omit({ quotation_id: true, service: true }) },
);
export const getBeneficiaryForm = get(
  "/consignments/quotation/{id}/beneficiaries/dynamic-form",
  dynamicForm,
  { params: idParams, query: beneficiaryFormQuery },
);
export const createBeneficiary = post("/consignments/quotation/{id}/beneficiaries", recipientSchema, {
  params: idParams,
  body: beneficiaryRequest,
  status: 201,
});
export const updateBeneficiary = put(
  "/consignments/quotation/{id}/beneficiaries/{beneficiary_id}",
  recipientSchema,
  { params: idParams.extend({ beneficiary_id: recordId }), body: beneficiaryRequest },
);
/** The same choice as add-recipient, as a patch of the quotation. */
export const patchQuotationRecipient = patch("/quotations/{id}", quotationSelection, {
  params: idParams,
  body: addRecipientRequest,
});

export const sendInvitationLinks = post("/recipients/send-link", z.array(recipientInvitation), {
  body: sendLinkRequest,
  status: 201,
});
export const getInvitations = get("/recipients/invitations", paginated(recipientInvitation), {
  query: invitationListQuery,
});
export const confirmInvitation = post("/recipients/confirm-recipient", recipientInvitation, {
  body: confirmRecipientRequest,
});

/* The link's public endpoints: the token goes in the invitation header. */
export const getExternalInvitation = get("/external-recipients/me", externalInvitation);
export const getExternalReceivingOptions = get("/external-recipients/receiving-options", receivingOptions);
export const getExternalForm = get("/external-recipients/dynamic-form", dynamicForm, {
  query: externalFormQuery,
});
export const submitExternalRecipient = post("/external-recipients", externalSubmissionAnswer, {
  body: externalRecipientSubmission,
  status: 201,
});

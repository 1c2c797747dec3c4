import { z } from "zod";
import {
  beneficialOwner,
  businessDetailsRequest,
  businessVerification,
  documentUploaded,
  ownerAccessToken,
  ownerIdParams,
  ownerRequest,
} from "../kyb";
import { del, get, post, put } from "./endpoint";

/*
 * Businesses' verification (KYB, issue 20 point 5); the business role only (others 403). The spec
 * names no calls for it: they live under /business/verification.
 */

/** Everything: details, documents, owners, the progress and what is missing. */
export const getBusinessVerification = get("/business/verification", businessVerification);
export const saveBusinessDetails = put("/business/verification/details", businessVerification, {
  body: businessDetailsRequest,
});
/**
 * Multipart: a text field "kind" (one of KYB_DOCUMENT_KINDS) and the file in "file". The body is the
 * browser's `FormData`, which this package cannot name; the API reads the parts itself.
 */
export const uploadBusinessDocument = post("/business/verification/documents", documentUploaded, {
  body: z.unknown(),
});
export const getBeneficialOwners = get("/business/verification/owners", z.array(beneficialOwner));
export const addBeneficialOwner = post("/business/verification/owners", beneficialOwner, {
  body: ownerRequest,
  status: 201,
});
export const updateBeneficialOwner = put("/business/verification/owners/{id}", beneficialOwner, {
  params: ownerIdParams,
  body: ownerRequest,
});
export const removeBeneficialOwner = del("/business/verification/owners/{id}", z.object({ id: z.number() }), {
  params: ownerIdParams,
});
/** The provider's SDK page for that owner's identity check (the representative opens it). */
export const getOwnerAccessToken = post("/business/verification/owners/{id}/access-token", ownerAccessToken, {
  params: ownerIdParams,
});
export const submitBusinessVerification = post("/business/verification/submit", businessVerification);

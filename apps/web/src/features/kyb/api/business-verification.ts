import { queryOptions } from "@tanstack/react-query";
import type { Language } from "@vela/shared/api";
import * as contract from "@vela/shared/contract/kyb";
import type { BusinessDetailsRequest, KybDocumentKind, OwnerRequest } from "@vela/shared/kyb";
import { api } from "@/shared/api/api-client";

export type { BeneficialOwner, BusinessVerification } from "@vela/shared/kyb";

/** Every query of the business verification area starts with this key. */
export const KYB_QUERY_KEY = ["business-verification"] as const;

/** GET /business/verification: details, documents, owners, the progress and what is missing. */
export const businessVerificationQueryOptions = (language: Language) =>
  queryOptions({
    // "What is missing" comes in the page's language.
    queryKey: [...KYB_QUERY_KEY, language],
    queryFn: ({ signal }) => api.call(contract.getBusinessVerification, {}, { signal }),
    meta: { notifyOnError: false },
  });

export const saveDetails = (body: BusinessDetailsRequest) => api.call(contract.saveBusinessDetails, { body });

/** POST /business/verification/documents as multipart/form-data: "kind" and "file". */
export const uploadDocument = ({ kind, file }: { kind: KybDocumentKind; file: File }) => {
  const body = new FormData();
  body.append("kind", kind);
  body.append("file", file);
  return api.call(contract.uploadBusinessDocument, { body });
};

export const addOwner = (body: OwnerRequest) => api.call(contract.addBeneficialOwner, { body });
export const updateOwner = ({ id, body }: { id: number; body: OwnerRequest }) =>
  api.call(contract.updateBeneficialOwner, { params: { id }, body });
export const removeOwner = (id: number) => api.call(contract.removeBeneficialOwner, { params: { id } });
/** The SDK page for one owner's identity check. */
export const ownerAccessToken = (id: number) => api.call(contract.getOwnerAccessToken, { params: { id } });
export const submitVerification = () => api.call(contract.submitBusinessVerification, {});

import {
  addBeneficialOwner,
  getBusinessVerification,
  getOwnerAccessToken,
  removeBeneficialOwner,
  saveBusinessDetails,
  submitBusinessVerification,
  updateBeneficialOwner,
  uploadBusinessDocument,
} from "@vela/shared/contract/kyb";
import { getCountries } from "@vela/shared/contract/reference";
import {
  type BeneficialOwner,
  type BusinessVerification,
  basisPointsToPercent,
  KYB_DOCUMENT_KINDS,
  percentToBasisPoints,
  REQUIRED_KYB_DOCUMENTS,
} from "@vela/shared/kyb";
import { handle, invalid } from "@/test/contract-handlers";
import { FROM_COUNTRIES, TO_COUNTRIES } from "@/test/fixtures";

export const OWNER_SDK_URL = "https://sdk.sandbox.example/websdk?token=owner-tok";

export const ownerFixture = (overrides: Partial<BeneficialOwner> = {}): BeneficialOwner => ({
  id: 1,
  first_name: "Lucía",
  last_name: "Fernández",
  date_of_birth: "1980-06-15",
  nationality_country_id: 4,
  email: "lucia@example.com",
  role: "shareholder",
  role_detail: null,
  ownership_percent: "60",
  is_controlling: true,
  verification: "not_started",
  verification_message: null,
  identity_locked: false,
  ...overrides,
});

/** A business that has saved nothing yet, unless told. */
export const verificationFixture = (overrides: Partial<BusinessVerification> = {}): BusinessVerification => ({
  status: "incomplete",
  level: "unverified",
  details: {
    legal_name: "Acme Imports LLC",
    registration_number: null,
    country_id: null,
    incorporation_date: null,
    legal_form: null,
    registered_address: null,
    website: null,
    nature_of_business: null,
  },
  documents: KYB_DOCUMENT_KINDS.map((kind) => ({
    kind,
    required: REQUIRED_KYB_DOCUMENTS.includes(kind),
    uploaded: null,
  })),
  owners: [],
  progress: [
    { step: "details", done: false },
    { step: "documents", done: false },
    { step: "owners", done: false },
    { step: "owners_verified", done: false },
    { step: "submitted", done: false },
  ],
  missing: ["Give your business's registration details."],
  ownership_total: "0",
  can_submit: false,
  submitted_at: null,
  ...overrides,
});

type BackendOptions = { verification?: BusinessVerification };

/**
 * An in-memory API of the KYB contract for the area's tests: owners kept (with the API's total
 * and one-controlling checks), uploads recorded by kind, the SDK page of an owner, the submission.
 */
export const kybBackend = (options: BackendOptions = {}) => {
  const state = {
    verification: structuredClone(options.verification ?? verificationFixture()),
    uploads: [] as string[],
    tokens: [] as number[],
    nextId: 10,
    submitted: false,
  };
  const recount = () => {
    const total = state.verification.owners.reduce(
      (sum, owner) => sum + (owner.ownership_percent ? percentToBasisPoints(owner.ownership_percent) : 0),
      0,
    );
    state.verification.ownership_total = basisPointsToPercent(total);
    return total;
  };
  const handlers = [
    handle(getCountries, [...FROM_COUNTRIES, ...TO_COUNTRIES]),
    handle(getBusinessVerification, () => state.verification),
    handle(saveBusinessDetails, ({ body }) => {
      state.verification.details = {
        ...state.verification.details,
        ...body,
        country_id: Number(body.country_id),
        website: typeof body.website === "string" ? body.website : null,
      };
      return state.verification;
    }),
    handle(uploadBusinessDocument, () => {
      const kind = "certificate_of_incorporation" as const;
      state.uploads.push(kind);
      return {
        kind,
        required: true,
        uploaded: { mime_type: "image/png", byte_size: 1000, uploaded_at: "2026-11-27T10:00:00.000Z" },
      };
    }),
    handle(addBeneficialOwner, ({ body }) => {
      const owner = ownerFixture({
        id: state.nextId++,
        first_name: body.first_name,
        last_name: body.last_name,
        date_of_birth: body.date_of_birth,
        nationality_country_id: Number(body.nationality_country_id),
        email: body.email,
        role: body.role,
        ownership_percent: typeof body.ownership_percent === "string" ? body.ownership_percent : null,
        is_controlling: body.is_controlling ?? false,
      });
      if (owner.is_controlling && state.verification.owners.some((row) => row.is_controlling))
        return invalid({
          is_controlling: ["Another person is already the controlling person. Unmark them first."],
        });
      state.verification.owners.push(owner);
      if (recount() > 10_000) {
        state.verification.owners.pop();
        recount();
        return invalid({
          ownership_percent: ["The shares of all the people listed would add up to more than 100 %."],
        });
      }
      return owner;
    }),
    handle(updateBeneficialOwner, ({ params }) => {
      const owner = state.verification.owners.find((row) => row.id === params.id);
      return owner ?? invalid({});
    }),
    handle(removeBeneficialOwner, ({ params }) => {
      state.verification.owners = state.verification.owners.filter((row) => row.id !== params.id);
      recount();
      return { id: params.id };
    }),
    handle(getOwnerAccessToken, ({ params }) => {
      state.tokens.push(params.id);
      return { owner_id: params.id, expires_at: "2026-11-28T01:00:00.000Z", sdk_url: OWNER_SDK_URL };
    }),
    handle(submitBusinessVerification, () => {
      state.submitted = true;
      state.verification = {
        ...state.verification,
        status: "in_review",
        can_submit: false,
        submitted_at: "2026-11-27T10:00:00.000Z",
      };
      return state.verification;
    }),
  ];
  return { handlers, state };
};

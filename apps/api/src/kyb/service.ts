import type { Language } from "@vela/shared/api";
import {
  type BeneficialOwner,
  type BusinessDetailsRequest,
  type BusinessVerification,
  basisPointsToPercent,
  KYB_DOCUMENT_KINDS,
  type KybDocumentKind,
  type KybStatus,
  LEGAL_FORMS,
  OWNER_ROLES,
  type OwnerAccessToken,
  type OwnerRequest,
  type OwnerVerificationState,
  percentToBasisPoints,
  REQUIRED_KYB_DOCUMENTS,
} from "@vela/shared/kyb";
import { eq } from "drizzle-orm";
import type { Secrets } from "../auth/secrets";
import { screenSubject } from "../compliance/sanctions/service";
import type { Db } from "../db/client";
import { countries } from "../db/schema/index";
import {
  ConflictError,
  InvalidDataError,
  NotAllowedError,
  NotFoundError,
  TooManyRequestsError,
} from "../http/errors";
import { translate } from "../http/messages";
import type { CleanDocument } from "../providers/verification/document-images";
import type { VerificationProvider } from "../providers/verification/verification-provider";
import { claimTokenIssue } from "../verification/repository";
import { SDK_RETURN_PATH } from "../verification/service";
import { verificationStateOf } from "../verification/state";
import { type BusinessEvaluation, evaluateBusiness, ownerExternalIdOf } from "./evaluation";
import { KYB_MESSAGES as M } from "./messages-es";
import {
  type BusinessRow,
  businessRow,
  type DocumentRow,
  deleteOwner,
  documentsOf,
  insertOwner,
  type OwnerRow,
  type OwnerValues,
  ownerOf,
  ownersOf,
  replaceDocument,
  updateBusiness,
  updateOwner,
} from "./repository";

export type KybDeps = {
  db: Db;
  provider: VerificationProvider;
  secrets: Pick<Secrets, "encrypt">;
  tokenTtlSeconds: number;
  tokensPerHour: number;
  publicAppUrl: string;
};

/** How each document is named in the "what is missing" list. */
const DOCUMENT_NAMES: Record<KybDocumentKind, string> = {
  certificate_of_incorporation: "certificate of incorporation",
  articles_of_association: "articles of association",
  proof_of_address: "proof of registered address",
  shareholder_register: "register of shareholders",
};

export function ownerVerificationState(owner: OwnerRow): OwnerVerificationState {
  if (!owner.providerApplicantId || !owner.reviewState) return "not_started";
  if (owner.reviewState === "init") return "started";
  if (owner.reviewState !== "completed") return "pending";
  if (owner.reviewAnswer === "GREEN") return "approved";
  return owner.rejectType === "RETRY" ? "retry" : "rejected";
}

function ownerView(owner: OwnerRow): BeneficialOwner {
  return {
    id: owner.id,
    first_name: owner.firstName,
    last_name: owner.lastName,
    date_of_birth: owner.dateOfBirth,
    nationality_country_id: owner.nationalityCountryId,
    email: owner.email,
    role: OWNER_ROLES.find((role) => role === owner.role) ?? "other",
    role_detail: owner.roleDetail,
    ownership_percent: owner.ownershipBp === null ? null : basisPointsToPercent(owner.ownershipBp),
    is_controlling: owner.isControlling,
    verification: ownerVerificationState(owner),
    verification_message: owner.reviewAnswer === "RED" ? owner.userMessage : null,
    identity_locked: owner.providerApplicantId !== null,
  };
}

const detailsComplete = (business: BusinessRow) =>
  business.legalName !== null &&
  business.registrationNumber !== null &&
  business.countryId !== null &&
  business.incorporationDate !== null &&
  business.legalForm !== null &&
  business.registeredAddress !== null &&
  business.natureOfBusiness !== null;

/** What keeps the business from submitting, in English (translated for the answer). */
export function missingParts(business: BusinessRow, documents: DocumentRow[], owners: OwnerRow[]) {
  const missing: string[] = [];
  if (!detailsComplete(business)) missing.push(M.missingDetails);
  for (const kind of REQUIRED_KYB_DOCUMENTS) {
    if (!documents.some((document) => document.kind === kind))
      missing.push(M.missingDocument.replace("{document}", DOCUMENT_NAMES[kind]));
  }
  if (owners.length === 0) missing.push(M.missingOwners);
  else if (owners.filter((owner) => owner.isControlling).length !== 1) missing.push(M.missingControlling);
  return missing;
}

const legalFormOf = (value: string | null) => LEGAL_FORMS.find((form) => form === value) ?? null;

function view(language: Language, evaluation: BusinessEvaluation): BusinessVerification {
  const { business, owners, documents, state } = evaluation;
  const missing = missingParts(business, documents, owners);
  const ownersApproved =
    owners.length > 0 && owners.every((owner) => ownerVerificationState(owner) === "approved");
  const status: KybStatus =
    state.blockedAt !== null
      ? "blocked"
      : state.level !== "unverified"
        ? "verified"
        : business.submittedAt
          ? "in_review"
          : "incomplete";
  const total = owners.reduce((sum, owner) => sum + (owner.ownershipBp ?? 0), 0);
  return {
    status,
    level: state.level,
    details: {
      legal_name: business.legalName ?? evaluation.registeredName,
      registration_number: business.registrationNumber,
      country_id: business.countryId,
      incorporation_date: business.incorporationDate,
      legal_form: legalFormOf(business.legalForm),
      registered_address: business.registeredAddress,
      website: business.website,
      nature_of_business: business.natureOfBusiness,
    },
    documents: KYB_DOCUMENT_KINDS.map((kind) => {
      const document = documents.find((row) => row.kind === kind);
      return {
        kind,
        required: REQUIRED_KYB_DOCUMENTS.includes(kind),
        uploaded: document
          ? {
              mime_type: document.mimeType,
              byte_size: document.byteSize,
              uploaded_at: document.createdAt.toISOString(),
            }
          : null,
      };
    }),
    owners: owners.map(ownerView),
    progress: [
      { step: "details", done: detailsComplete(business) },
      {
        step: "documents",
        done: REQUIRED_KYB_DOCUMENTS.every((kind) => documents.some((row) => row.kind === kind)),
      },
      {
        step: "owners",
        done: owners.length > 0 && owners.filter((owner) => owner.isControlling).length === 1,
      },
      { step: "owners_verified", done: ownersApproved },
      { step: "submitted", done: business.submittedAt !== null },
    ],
    missing: missing.map((message) => translate(message, language)),
    ownership_total: basisPointsToPercent(total),
    can_submit: status === "incomplete" && missing.length === 0,
    submitted_at: business.submittedAt?.toISOString() ?? null,
  };
}

/**
 * Everything about the business's verification. It is evaluated first (in its own transaction,
 * under the business's lock): a compliance decision on an owner's screening hit is taken elsewhere
 * (compliance/sanctions/decide.ts), and its effect on the business shows on the next read.
 */
export async function businessVerification(
  deps: Pick<KybDeps, "db">,
  command: { userId: number; language: Language },
): Promise<BusinessVerification> {
  const evaluation = await deps.db.transaction((tx) => evaluateBusiness(tx, command.userId));
  return view(command.language, evaluation);
}

/** Changes are refused once the business is verified (support changes it) or blocked. */
async function assertEditable(db: Db, userId: number) {
  const state = await verificationStateOf(db, userId);
  if (state.blockedAt !== null) throw new NotAllowedError(M.blocked);
  if (state.level !== "unverified") throw new ConflictError(M.alreadyVerified);
}

async function assertCountry(db: Db, field: string, countryId: number) {
  const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, countryId));
  if (!country) throw new InvalidDataError({ [field]: [M.unknownCountry] });
}

export async function saveDetails(
  deps: Pick<KybDeps, "db">,
  command: { userId: number; language: Language; details: BusinessDetailsRequest },
) {
  const { userId, details } = command;
  await assertCountry(deps.db, "country_id", details.country_id);
  await deps.db.transaction(async (tx) => {
    await businessRow(tx, userId, { lock: true });
    await assertEditable(tx, userId);
    await updateBusiness(tx, userId, {
      legalName: details.legal_name,
      registrationNumber: details.registration_number,
      countryId: details.country_id,
      incorporationDate: details.incorporation_date,
      legalForm: details.legal_form,
      registeredAddress: details.registered_address,
      website: details.website ?? null,
      natureOfBusiness: details.nature_of_business,
    });
  });
  return businessVerification(deps, command);
}

/** Stores a checked document (cleaned by the verification domain's `cleanDocument`), sealed. */
export async function saveDocument(
  deps: Pick<KybDeps, "db" | "secrets">,
  command: { userId: number; kind: KybDocumentKind; document: CleanDocument },
) {
  const { userId, kind, document } = command;
  return deps.db.transaction(async (tx) => {
    await businessRow(tx, userId, { lock: true });
    await assertEditable(tx, userId);
    const saved = await replaceDocument(tx, {
      businessUserId: userId,
      kind,
      mimeType: document.mimeType,
      byteSize: document.bytes.length,
      widthPx: document.widthPx,
      heightPx: document.heightPx,
      sealed: deps.secrets.encrypt(document.bytes.toString("base64")),
    });
    return {
      kind,
      required: REQUIRED_KYB_DOCUMENTS.includes(kind),
      uploaded: {
        mime_type: document.mimeType,
        byte_size: document.bytes.length,
        uploaded_at: saved.createdAt.toISOString(),
      },
    };
  });
}

export async function listOwners(deps: Pick<KybDeps, "db">, userId: number) {
  return (await ownersOf(deps.db, userId)).map(ownerView);
}

const ownerName = (owner: Pick<OwnerRow, "firstName" | "lastName">) =>
  `${owner.firstName} ${owner.lastName}`.trim();

function ownerValues(body: OwnerRequest): OwnerValues {
  return {
    firstName: body.first_name,
    lastName: body.last_name,
    dateOfBirth: body.date_of_birth,
    nationalityCountryId: body.nationality_country_id,
    email: body.email,
    role: body.role,
    roleDetail: body.role === "other" ? (body.role_detail ?? null) : null,
    ownershipBp: body.ownership_percent === undefined ? null : percentToBasisPoints(body.ownership_percent),
    isControlling: body.is_controlling,
  };
}

/**
 * The checks across owners, under the business's row lock (so two requests at once are checked
 * one after the other): one controlling person, and shares adding up to at most 100 %.
 */
function assertAmongOwners(others: OwnerRow[], values: OwnerValues) {
  const errors: Record<string, string[]> = {};
  if (values.isControlling && others.some((owner) => owner.isControlling))
    errors.is_controlling = [M.oneControlling];
  const total = others.reduce((sum, owner) => sum + (owner.ownershipBp ?? 0), 0) + (values.ownershipBp ?? 0);
  if (total > 10_000) errors.ownership_percent = [M.totalOver100];
  if (Object.keys(errors).length > 0) throw new InvalidDataError(errors);
}

/** Adds an owner and screens them against the sanctions list (a match goes to review, unseen). */
export async function addOwner(deps: Pick<KybDeps, "db">, command: { userId: number; body: OwnerRequest }) {
  const { userId } = command;
  const values = ownerValues(command.body);
  await assertCountry(deps.db, "nationality_country_id", values.nationalityCountryId);
  const owner = await deps.db.transaction(async (tx) => {
    await businessRow(tx, userId, { lock: true });
    await assertEditable(tx, userId);
    assertAmongOwners(await ownersOf(tx, userId), values);
    const row = await insertOwner(tx, userId, values);
    await screenSubject(tx, { kind: "business_owner", id: row.id, name: ownerName(row) });
    return row;
  });
  return ownerView(owner);
}

const IDENTITY_FIELDS = ["firstName", "lastName", "dateOfBirth", "nationalityCountryId"] as const;

/** Changes an owner and screens them again (a rename is a new name to screen). */
export async function changeOwner(
  deps: Pick<KybDeps, "db">,
  command: { userId: number; ownerId: number; body: OwnerRequest },
) {
  const { userId, ownerId } = command;
  const values = ownerValues(command.body);
  await assertCountry(deps.db, "nationality_country_id", values.nationalityCountryId);
  const owner = await deps.db.transaction(async (tx) => {
    await businessRow(tx, userId, { lock: true });
    const current = await ownerOf(tx, userId, ownerId, { lock: true });
    if (!current) throw new NotFoundError(M.ownerNotFound);
    await assertEditable(tx, userId);
    // The person's identity check is of this name and birth date: another person needs another check.
    if (current.providerApplicantId && IDENTITY_FIELDS.some((field) => current[field] !== values[field]))
      throw new ConflictError(M.identityLocked);
    const others = (await ownersOf(tx, userId)).filter((row) => row.id !== ownerId);
    assertAmongOwners(others, values);
    const row = await updateOwner(tx, ownerId, values);
    await screenSubject(tx, { kind: "business_owner", id: row.id, name: ownerName(row) });
    return row;
  });
  return ownerView(owner);
}

export async function removeOwner(deps: Pick<KybDeps, "db">, command: { userId: number; ownerId: number }) {
  const { userId, ownerId } = command;
  await deps.db.transaction(async (tx) => {
    await businessRow(tx, userId, { lock: true });
    const current = await ownerOf(tx, userId, ownerId, { lock: true });
    if (!current) throw new NotFoundError(M.ownerNotFound);
    await assertEditable(tx, userId);
    await deleteOwner(tx, ownerId);
  });
  return { id: ownerId };
}

/**
 * The provider's SDK page for one owner's identity check, which the business's representative
 * opens (with the owner, or sends them the address): an applicant of its own ("owner-<id>", the
 * identity flow), made on first use; SDK tokens count against the business's hourly allowance.
 */
export async function ownerAccessToken(
  deps: KybDeps,
  command: { userId: number; ownerId: number; language: Language },
): Promise<OwnerAccessToken> {
  const { userId, ownerId } = command;
  const owner = await ownerOf(deps.db, userId, ownerId);
  if (!owner) throw new NotFoundError(M.ownerNotFound);
  const state = await verificationStateOf(deps.db, userId);
  if (state.blockedAt !== null) throw new NotAllowedError(M.blocked);
  const current = ownerVerificationState(owner);
  if (current === "approved") throw new ConflictError(M.ownerVerified);
  if (current === "pending") throw new ConflictError(M.ownerUnderReview);
  if (current === "rejected") throw new NotAllowedError(M.ownerRejected);
  if (!(await claimTokenIssue(deps.db, userId, deps.tokensPerHour)))
    throw new TooManyRequestsError(M.tooManyTokens, 3600);
  const externalUserId = ownerExternalIdOf(ownerId);
  if (!owner.providerApplicantId) {
    const { applicantId } = await deps.provider.createApplicant({ externalUserId, flow: "identity" });
    await updateOwner(deps.db, ownerId, { providerApplicantId: applicantId, reviewState: "init" });
  } else if (current === "retry") {
    // A resubmission after a RETRY is a new attempt.
    await updateOwner(deps.db, ownerId, { reviewState: "init" });
  }
  const { token, expiresAt } = await deps.provider.accessToken({
    externalUserId,
    flow: "identity",
    ttlSeconds: deps.tokenTtlSeconds,
  });
  const sdkUrl = await deps.provider.sdkUrl({
    token,
    externalUserId,
    flow: "identity",
    ttlSeconds: deps.tokenTtlSeconds,
    language: command.language,
    returnUrl: `${deps.publicAppUrl}${SDK_RETURN_PATH}`,
  });
  return { owner_id: ownerId, expires_at: expiresAt.toISOString(), sdk_url: sdkUrl };
}

/**
 * Submits the business for review once nothing is missing: its owners are screened again (the
 * list may have changed since they were added), then the business is evaluated.
 */
export async function submitBusiness(
  deps: Pick<KybDeps, "db">,
  command: { userId: number; language: Language },
): Promise<BusinessVerification> {
  const { userId } = command;
  await deps.db.transaction(async (tx) => {
    const business = await businessRow(tx, userId, { lock: true });
    await assertEditable(tx, userId);
    if (business.submittedAt) throw new ConflictError(M.alreadySubmitted);
    const owners = await ownersOf(tx, userId);
    const missing = missingParts(business, await documentsOf(tx, userId), owners);
    if (missing.length > 0) throw new InvalidDataError({ submit: missing }, M.submitIncomplete);
    for (const owner of owners)
      await screenSubject(tx, { kind: "business_owner", id: owner.id, name: ownerName(owner) });
    await updateBusiness(tx, userId, { submittedAt: new Date() });
  });
  return businessVerification(deps, command);
}

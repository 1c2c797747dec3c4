import { z } from "zod";
import {
  accessToken,
  accessTokenRequest,
  countryIdParams,
  documentForm,
  documentIdParams,
  identityDocument,
  personalData,
  personalDataRequest,
  questionList,
  questionListParams,
  saveAnswersRequest,
  setApplicantRequest,
  startVerificationRequest,
  userResponseValidated,
  userStatus,
  userStatusQuery,
  userValidated,
  verificationLevelView,
  verificationStatus,
} from "../verification";
import { get, post } from "./endpoint";

/*
 * Identity verification (spec §7 "Identity verification SDK flow" and "Other"). The SDK flow's
 * calls have no group in the spec; they live under /identity-verification.
 */

export const getAccessToken = post("/identity-verification/get-access-token", accessToken, {
  body: accessTokenRequest,
});
export const setApplicantId = post("/identity-verification/set-applicant-id", verificationStatus, {
  body: setApplicantRequest,
});
export const getVerificationStatus = get("/identity-verification/verification-status", verificationStatus);
export const getUserStatus = get("/identity-verification/verify/user-status", userStatus, {
  query: userStatusQuery,
});
/** The levels, what each allows and what the signed-in person has used of their own level. */
export const getVerificationLevels = get("/identity-verification/levels", z.array(verificationLevelView));

export const getUserValidated = get("/user_identity_verifications/user_validated", userValidated);
export const getUserResponseValidated = get(
  "/user_identity_verifications/user_response_validated",
  userResponseValidated,
);
export const startVerification = post("/user_identity_verifications", verificationStatus, {
  body: startVerificationRequest,
});
export const savePersonalData = post("/identity_verification_personal_data", personalData, {
  body: personalDataRequest,
});
export const getPersonalData = get("/identity_verification_personal_data", personalData.nullable());
export const getCountryDocuments = get(
  "/identity_verifications/country/{id}/documents",
  z.array(identityDocument),
  { params: countryIdParams },
);
export const getDocumentForm = get("/identity_verifications/document/{id}/form", documentForm, {
  params: documentIdParams,
});
export const getQuestionList = get("/questions/lists/{id}", questionList, { params: questionListParams });
export const saveAnswers = post("/questions_answere/save", questionList, { body: saveAnswersRequest });

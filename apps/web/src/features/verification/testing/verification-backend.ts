import { getCountries } from "@vela/shared/contract/reference";
import {
  getAccessToken,
  getCountryDocuments,
  getPersonalData,
  getQuestionList,
  getVerificationLevels,
  getVerificationStatus,
  saveAnswers,
  savePersonalData,
} from "@vela/shared/contract/verification";
import type {
  IdentityDocument,
  personalData,
  QuestionList,
  VerificationLevelView,
  VerificationStatus,
} from "@vela/shared/verification";
import type { z } from "zod";
import { handle, invalid } from "@/test/contract-handlers";
import { FROM_COUNTRIES, TO_COUNTRIES } from "@/test/fixtures";

type PersonalData = z.output<typeof personalData>;

/** A status as GET verification-status answers it: unverified and never started unless told. */
export const statusFixture = (overrides: Partial<VerificationStatus> = {}): VerificationStatus => ({
  level: "unverified",
  flow: null,
  review_state: null,
  review_answer: null,
  reject_type: null,
  message: null,
  can_start: true,
  money_moving_blocked: false,
  applicant_id: null,
  updated_at: null,
  ...overrides,
});

/** The statuses of the cases the area tells apart. */
export const STATUSES = {
  unverified: statusFixture(),
  pending: statusFixture({
    flow: "identity",
    review_state: "pending",
    can_start: false,
    applicant_id: "ap-1",
  }),
  onHold: statusFixture({
    flow: "identity",
    review_state: "on_hold",
    can_start: false,
    applicant_id: "ap-1",
  }),
  retry: statusFixture({
    flow: "identity",
    review_state: "completed",
    review_answer: "RED",
    reject_type: "RETRY",
    message: "The photo of your document is blurry. Take it again in good light.",
    applicant_id: "ap-1",
  }),
  final: statusFixture({
    flow: "identity",
    review_state: "completed",
    review_answer: "RED",
    reject_type: "FINAL",
    message: "We could not confirm the document is genuine.",
    can_start: false,
    money_moving_blocked: true,
    applicant_id: "ap-1",
  }),
  blocked: statusFixture({
    level: "identity_verified",
    flow: "identity",
    review_state: "completed",
    review_answer: "GREEN",
    can_start: false,
    money_moving_blocked: true,
    applicant_id: "ap-1",
  }),
  green: statusFixture({
    level: "identity_verified",
    flow: "identity",
    review_state: "completed",
    review_answer: "GREEN",
    applicant_id: "ap-1",
  }),
  enhanced: statusFixture({
    level: "enhanced",
    flow: "enhanced",
    review_state: "completed",
    review_answer: "GREEN",
    can_start: false,
    applicant_id: "ap-1",
  }),
} satisfies Record<string, VerificationStatus>;

const limits = (amounts: [string, string, string], used: [string, string, string] | null) =>
  (["24h", "30d", "180d"] as const).map((window, index) => ({
    window,
    currency: "USD" as const,
    amount: amounts[index]!,
    used: used ? used[index]! : null,
  }));

/** The three levels with the default limits; the person is unverified and has used some of theirs. */
export const levelsFixture = (
  current: VerificationStatus["level"] = "unverified",
): VerificationLevelView[] => [
  {
    level: "unverified",
    name: "Unverified",
    description: "Every new account.",
    requirements: "Nothing: a verified e-mail and phone.",
    limits: limits(
      ["1000.00", "2000.00", "3000.00"],
      current === "unverified" ? ["250.00", "1500.00", "1500.00"] : null,
    ),
    current: current === "unverified",
  },
  {
    level: "identity_verified",
    name: "Identity verified",
    description: "You showed an identity document and a selfie.",
    requirements: "An identity document and a selfie.",
    limits: limits(
      ["10000.00", "25000.00", "60000.00"],
      current === "identity_verified" ? ["0.00", "0.00", "0.00"] : null,
    ),
    current: current === "identity_verified",
  },
  {
    level: "enhanced",
    name: "Enhanced",
    description: "You told us where your money comes from and proved your address.",
    requirements: "The questionnaire, your personal details and a proof of address or source of funds.",
    limits: limits(
      ["50000.00", "150000.00", "500000.00"],
      current === "enhanced" ? ["0.00", "0.00", "0.00"] : null,
    ),
    current: current === "enhanced",
  },
];

/** What Mexico (the test user's country) accepts. */
export const DOCUMENTS: IdentityDocument[] = [
  { id: 1, slug: "passport", name: "Passport", purpose: "identity", two_sided: false },
  { id: 2, slug: "ine", name: "Voter ID (INE)", purpose: "identity", two_sided: true },
  { id: 3, slug: "utility-bill", name: "Utility bill", purpose: "address", two_sided: false },
  { id: 4, slug: "bank-statement", name: "Bank statement", purpose: "funds", two_sided: false },
];

export const QUESTIONS: QuestionList = {
  id: 1,
  slug: "source-of-funds",
  title: "Source of funds and purpose",
  questions: [
    {
      id: 11,
      key: "source_of_funds",
      text: "Where does your money come from?",
      kind: "select",
      required: true,
      options: [
        { value: "salary", label: "Salary" },
        { value: "savings", label: "Savings" },
      ],
    },
    {
      id: 12,
      key: "occupation",
      text: "What do you do for a living?",
      kind: "text",
      required: true,
      options: null,
    },
    {
      id: 13,
      key: "monthly_amount",
      text: "How much do you expect to send a month (USD)?",
      kind: "number",
      required: true,
      options: null,
    },
    {
      id: 14,
      key: "purpose",
      text: "Anything else we should know?",
      kind: "text",
      required: false,
      options: null,
    },
  ],
  answers: {},
};

export const PERSONAL_DATA: PersonalData = {
  first_name: "Ana",
  last_name: "López",
  date_of_birth: "1990-04-12",
  nationality_country_id: 4,
  document_number: "LOPA900412",
  address: "Av. Reforma 100",
  city: "Ciudad de México",
  postal_code: "06600",
  updated_at: "2026-11-20T10:00:00.000Z",
};

export const SDK_URL = "https://sdk.sandbox.example/websdk?token=tok-1";

type BackendOptions = {
  /** The answers of GET verification-status, in order; the last one repeats. */
  statuses?: VerificationStatus[];
  levels?: VerificationLevelView[];
  documents?: IdentityDocument[];
  questions?: QuestionList;
  personalData?: PersonalData | null;
  /** Field errors the API answers the next save of answers with (once). */
  refuseAnswers?: Record<string, string[]>;
  /** Field errors the API answers the next save of personal data with (once). */
  refusePersonalData?: Record<string, string[]>;
};

/**
 * An in-memory API of the verification contract for the area's tests: the status sequence (to
 * follow a review after the SDK page), the levels, Mexico's documents, the questionnaire (saves
 * kept; required answers checked as the API does) and the personal details.
 */
export const verificationBackend = (options: BackendOptions = {}) => {
  const statuses = options.statuses ?? [STATUSES.unverified];
  const state = {
    statusCalls: 0,
    tokenFlows: [] as string[],
    questions: structuredClone(options.questions ?? QUESTIONS),
    personalData: options.personalData === undefined ? null : options.personalData,
    refuseAnswers: options.refuseAnswers ?? null,
    refusePersonalData: options.refusePersonalData ?? null,
  };
  const handlers = [
    handle(getVerificationStatus, () => {
      const answer = statuses[Math.min(state.statusCalls, statuses.length - 1)]!;
      state.statusCalls += 1;
      return answer;
    }),
    handle(getVerificationLevels, options.levels ?? levelsFixture(statuses[0]?.level)),
    handle(getCountryDocuments, ({ params }) => (params.id === 4 ? (options.documents ?? DOCUMENTS) : [])),
    handle(getCountries, [...FROM_COUNTRIES, ...TO_COUNTRIES]),
    handle(getAccessToken, ({ body }) => {
      const flow = body.flow ?? "identity";
      state.tokenFlows.push(flow);
      return {
        token: "tok-1",
        expires_at: "2026-11-28T01:00:00.000Z",
        flow,
        applicant_id: "ap-1",
        sdk_url: SDK_URL,
      };
    }),
    handle(getQuestionList, () => state.questions),
    handle(saveAnswers, ({ body }) => {
      if (state.refuseAnswers) {
        const errors = state.refuseAnswers;
        state.refuseAnswers = null;
        return invalid(errors);
      }
      const missing = state.questions.questions.filter(
        (question) => question.required && !(body.answers[question.key] ?? "").trim(),
      );
      if (missing.length > 0)
        return invalid(
          Object.fromEntries(
            missing.map((question) => [`answers.${question.key}`, ["This field is required."]]),
          ),
        );
      state.questions = { ...state.questions, answers: { ...body.answers } };
      return state.questions;
    }),
    handle(getPersonalData, () => state.personalData),
    handle(savePersonalData, ({ body }) => {
      if (state.refusePersonalData) {
        const errors = state.refusePersonalData;
        state.refusePersonalData = null;
        return invalid(errors);
      }
      state.personalData = {
        ...body,
        nationality_country_id: Number(body.nationality_country_id),
        document_id: body.document_id === undefined ? undefined : Number(body.document_id),
        updated_at: "2026-11-28T00:00:00.000Z",
      };
      return state.personalData;
    }),
  ];
  return { handlers, state };
};

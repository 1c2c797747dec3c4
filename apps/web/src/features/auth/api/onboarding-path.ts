import type { Role } from "@vela/shared/api";

/** Onboarding verification lives under the user's own kind: /onboarding/{client|agent|business}/… */
export const onboardingPath = (type: Role, rest: string) => `onboarding/${type}/${rest}`;

import * as contract from "@vela/shared/contract/auth";
import { api } from "@/shared/api/api-client";

/**
 * GET /authentication/logout: ends the session on the server, so that its refresh token stops
 * working. An expired access token is renewed first like any other call's, or the server-side
 * session would outlive the sign-out.
 */
export const logoutSession = () => api.call(contract.logout);

import * as contract from "@vela/shared/contract/senders";
import { api } from "@/shared/api/api-client";

/** PATCH /senders/{id}: enables a disabled sender, disables an enabled one. */
export const toggleSender = (id: number) => api.call(contract.toggleSender, { params: { id } });

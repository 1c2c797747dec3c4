import * as contract from "@vela/shared/contract/senders";
import { api } from "@/shared/api/api-client";

/** DELETE /senders/{id}: the sender leaves the lists (orders that name it keep it). */
export const deleteSender = (id: number) => api.call(contract.deleteSender, { params: { id } });

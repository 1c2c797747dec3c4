import { api } from "@/shared/api/api-client";

/** DELETE /senders/{id}: the sender leaves the lists (orders that name it keep it). */
export const deleteSender = (id: number) => api.del<null>(`senders/${id}`);

import { API_BASE, buildHeaders, renewAfterUnauthorized } from "@/shared/api/api-client";
import { ApiError } from "@/shared/api/api-error";
import { getAuthSnapshot } from "@/shared/api/auth-source";

/** The file name the server gives in Content-Disposition, or a plain one. */
const fileNameOf = (response: Response, orderId: number) => {
  const header = response.headers.get("Content-Disposition") ?? "";
  return header.match(/filename="([^"]+)"/)?.[1] ?? `vela-receipt-${orderId}.pdf`;
};

const fetchReceipt = (orderId: number) => {
  const headers = buildHeaders(false);
  headers.set("Accept", "application/pdf");
  return fetch(`${API_BASE}/orders/generate/${orderId}`, { headers });
};

/**
 * GET /api/orders/generate/{id}: the receipt PDF. The API client reads JSON, so this one call
 * fetches the file itself with the same headers (renewing the session once on a 401) and hands it
 * to the browser as a download.
 */
export const fetchReceiptFile = async (orderId: number): Promise<{ blob: Blob; fileName: string }> => {
  const token = getAuthSnapshot().token;
  let response = await fetchReceipt(orderId);
  if (response.status === 401 && token && (await renewAfterUnauthorized(token)) === "renewed") {
    response = await fetchReceipt(orderId);
  }
  if (!response.ok) {
    const body = await response.json().catch(() => null);
    const message = typeof body?.message === "string" ? body.message : null;
    throw new ApiError({
      status: response.status,
      message,
      errors: null,
      isSessionExpired: response.status === 401,
    });
  }
  return { blob: await response.blob(), fileName: fileNameOf(response, orderId) };
};

/** Saves the receipt through a temporary link, as a browser download. */
export const downloadReceipt = async (orderId: number) => {
  const { blob, fileName } = await fetchReceiptFile(orderId);
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the address is released.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return fileName;
};

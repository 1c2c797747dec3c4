import type { FastifyReply } from "fastify";

/**
 * The sandbox providers' own pages (3-D Secure challenge, hosted gateways, a bank's "transfer
 * arrives" form): small, self-contained HTML with inline CSS and no script or external asset, as a
 * provider's page would be on its own domain. Each page sends its own Content-Security-Policy,
 * letting its forms go back to the sandbox and, after the redirect, to the caller's return URL.
 */
export const escapeHtml = (value: string) =>
  value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
    font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f3f5;color:#1a1b1e}
  main{width:min(28rem,100% - 2rem);background:#fff;border-radius:12px;padding:1.75rem;
    box-shadow:0 4px 24px rgb(0 0 0 / 8%)}
  .brand{font-size:.8rem;font-weight:700;letter-spacing:.08em;text-transform:uppercase;color:#5c5f66;margin:0 0 .25rem}
  h1{font-size:1.35rem;margin:0 0 1rem}
  dl{display:grid;grid-template-columns:auto 1fr;gap:.35rem 1rem;margin:0 0 1.25rem}
  dt{color:#5c5f66}dd{margin:0;font-weight:600;overflow-wrap:anywhere}
  p{margin:0 0 1rem}
  .note{font-size:.875rem;color:#5c5f66;background:#fff9db;border-radius:8px;padding:.6rem .8rem}
  .actions{display:flex;flex-wrap:wrap;gap:.75rem}
  button{font:inherit;font-weight:600;border:0;border-radius:8px;padding:.7rem 1.1rem;cursor:pointer;min-height:44px}
  button:focus-visible,input:focus-visible{outline:3px solid #1c7ed6;outline-offset:2px}
  .primary{background:#1971c2;color:#fff}.danger{background:#c92a2a;color:#fff}
  .secondary{background:#e9ecef;color:#1a1b1e}
  label{display:block;font-weight:600;margin:0 0 .25rem}
  input{font:inherit;width:100%;padding:.6rem .7rem;border:1px solid #adb5bd;border-radius:8px;margin:0 0 1rem}
  .status{font-weight:700}
  main>:last-child{margin-bottom:0}
`;

export function renderPage(options: { title: string; brand: string; body: string; lang?: string }): string {
  return `<!doctype html>
<html lang="${escapeHtml(options.lang ?? "en")}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(options.title)} · ${escapeHtml(options.brand)} sandbox</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand">${escapeHtml(options.brand)} · sandbox</p>
<h1>${escapeHtml(options.title)}</h1>
${options.body}
</main>
</body>
</html>`;
}

/** Where a page's forms may lead: back to the sandbox, and to the origin of the caller's return URL. */
export function pageSecurityPolicy(returnUrl?: string): string {
  let returnOrigin = "";
  try {
    if (returnUrl) returnOrigin = ` ${new URL(returnUrl).origin}`;
  } catch {
    returnOrigin = "";
  }
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `form-action 'self'${returnOrigin}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");
}

export function sendPage(reply: FastifyReply, html: string, returnUrl?: string, status = 200) {
  return reply
    .status(status)
    .header("content-security-policy", pageSecurityPolicy(returnUrl))
    .header("cache-control", "no-store")
    .type("text/html; charset=utf-8")
    .send(html);
}

/** Amount in major units for display ("25.00 USD"), by the currency's own number of decimals. */
export function formatMinor(amountMinor: bigint, currency: string): string {
  let digits = 2;
  try {
    digits =
      new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ??
      2;
  } catch {
    digits = 2;
  }
  const negative = amountMinor < 0n;
  const absolute = (negative ? -amountMinor : amountMinor).toString().padStart(digits + 1, "0");
  const whole = digits > 0 ? absolute.slice(0, -digits) : absolute;
  const fraction = digits > 0 ? `.${absolute.slice(-digits)}` : "";
  return `${negative ? "-" : ""}${whole}${fraction} ${currency}`;
}

/** Parses a urlencoded HTML form body into a plain object (the sandbox pages' forms). */
export const parseForm = (body: string): Record<string, string> =>
  Object.fromEntries(new URLSearchParams(body));

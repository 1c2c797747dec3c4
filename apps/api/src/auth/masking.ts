/** "jo•••@ex•••.com": enough for the owner to recognise, too little for anyone else. */
export function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  const dot = domain.lastIndexOf(".");
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : "";
  const keep = (part: string) => `${part.slice(0, Math.min(2, Math.max(1, part.length - 1)))}•••`;
  return `${keep(local)}@${keep(host)}${tld}`;
}

/** "+52 •••••••34": the prefix and the last two digits. */
export function maskPhone(prefix: string, number: string): string {
  return `${prefix} ${"•".repeat(Math.max(3, number.length - 2))}${number.slice(-2)}`;
}

/**
 * "••••••••34": only the last two digits, behind a mask of fixed length. Password recovery shows
 * this to anyone who types an address, so it must look the same whether the address has an account
 * or not: no real prefix, no real length.
 */
export function maskPhoneEnding(lastTwoDigits: string): string {
  return `${"•".repeat(8)}${lastTwoDigits.padStart(2, "0").slice(-2)}`;
}

/**
 * "Ma••• Ló•••": the first two letters of the first given name and of the first surname, enough
 * to confirm the right person to someone who already knows their e-mail, phone or wallet id, and
 * not their full name. Letters are counted as characters, so "Ñu" keeps its "Ñ".
 */
export function maskPersonName(firstName: string, lastName: string): string {
  const keep = (name: string) => {
    const [word = ""] = name.trim().split(/\s+/);
    const letters = Array.from(word);
    return letters.length === 0 ? "" : `${letters.slice(0, Math.min(2, letters.length)).join("")}•••`;
  };
  return [keep(firstName), keep(lastName)].filter(Boolean).join(" ") || "•••";
}

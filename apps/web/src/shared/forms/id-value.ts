/** An id field's form value (the contract coerces it) as the number a select wants, or null. */
export const idValue = (value: unknown): number | null =>
  typeof value === "number" && Number.isInteger(value) && value > 0 ? value : null;

import { describe, expect, it } from "vitest";
import { z } from "zod";
import { spanishValidationMessage, useFriendlyValidationMessages } from "./validation-messages";

describe("Spanish validation messages", () => {
  useFriendlyValidationMessages();
  const messageOf = (schema: z.ZodType, input: unknown) => {
    const result = schema.safeParse(input);
    if (result.success) throw new Error("expected a failure");
    return result.error.issues[0]!.message;
  };

  it.each([
    [z.object({ name: z.string() }), {}, "Este campo es obligatorio."],
    [z.number(), "x", "Debe ser un número."],
    [z.number().int(), 1.5, "Debe ser un número entero."],
    [z.string().min(3), "ab", "Debe tener al menos 3 caracteres."],
    [z.string().max(2), "abc", "Debe tener como máximo 2 caracteres."],
    [z.number().min(5), 1, "Debe ser como mínimo 5."],
    [z.enum(["a", "b"]), "c", "Debe ser uno de: a, b."],
    [z.email(), "nope", "Debe ser un correo electrónico válido."],
    [z.strictObject({}), { extra: 1 }, "Campos desconocidos: extra."],
  ])("translates what %s says of %o", (schema, input, spanish) => {
    expect(spanishValidationMessage(messageOf(schema, input))).toBe(spanish);
  });

  it("leaves alone what it does not know", () => {
    expect(spanishValidationMessage("Min send amount is 10.00")).toBeUndefined();
    expect(spanishValidationMessage("Must be something odd.")).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { nameTokens, normalizedName, ofacNameOrder, surnameTokens } from "./normalize";
import { nameScore, tokenKeys } from "./score";
import { DEFAULT_MATCH_THRESHOLD } from "./service";

const listed = (name: string) => nameTokens(name, { ofacIndividual: true });
const entity = (name: string) => nameTokens(name);
const score = (screened: string, listedName: string, individual = true) =>
  individual
    ? nameScore(nameTokens(screened), listed(listedName), surnameTokens(listedName))
    : nameScore(nameTokens(screened), entity(listedName));
const hits = (screened: string, listedName: string, individual = true) =>
  score(screened, listedName, individual) >= DEFAULT_MATCH_THRESHOLD;

describe("normalisation", () => {
  it("turns OFAC's LAST, First Middle around", () => {
    expect(ofacNameOrder("VALDERRAMA OSORIO, Ernesto Julián")).toBe("Ernesto Julián VALDERRAMA OSORIO");
    expect(listed("VALDERRAMA OSORIO, Ernesto Julián")).toEqual([
      "ERNESTO",
      "JULIAN",
      "VALDERRAMA",
      "OSORIO",
    ]);
  });

  it("removes diacritics, case and punctuation", () => {
    expect(nameTokens("José Ángel Peñaloza-Ríos")).toEqual(["JOSE", "ANGEL", "PENALOZA", "RIOS"]);
    expect(nameTokens("Gisela Müller")).toEqual(["GISELA", "MULLER"]);
    expect(nameTokens("O'Brien, Seán")).toEqual(["OBRIEN", "SEAN"]);
  });

  it("drops legal suffixes at the end, honorifics and particles", () => {
    expect(entity("GRUPO INMOBILIARIO CASCADA AZUL, S.A. DE C.V.")).toEqual([
      "GRUPO",
      "INMOBILIARIO",
      "CASCADA",
      "AZUL",
    ]);
    expect(entity("CORAL DEL CARIBE EXPORTACIONES, S. DE R.L. DE C.V.")).toEqual([
      "CORAL",
      "CARIBE",
      "EXPORTACIONES",
    ]);
    expect(entity("Zafirante Trading Co., Ltd.")).toEqual(["ZAFIRANTE", "TRADING"]);
    expect(entity("Achterberg Logistik GmbH")).toEqual(["ACHTERBERG", "LOGISTIK"]);
    expect(entity("Acme Inc")).toEqual(["ACME"]);
    expect(nameTokens("Dr. Faris al-Zubaydi")).toEqual(["FARIS", "ZUBAYDI"]);
    expect(nameTokens("Mr Ernesto de la Valderrama")).toEqual(["ERNESTO", "VALDERRAMA"]);
  });

  it("keeps a name that would be left empty", () => {
    expect(entity("The Company")).toEqual(["THE", "COMPANY"]);
    expect(entity("Co")).toEqual(["CO"]);
  });

  it("makes token order irrelevant in the stored form", () => {
    expect(normalizedName("Osorio Ernesto")).toBe(normalizedName("ernesto OSORIO"));
  });

  it("keys a token by its sound and its first letters", () => {
    expect(tokenKeys("CASTILLO")).toEqual(["m:KSTL", "m:KST", "p:CAS"]);
  });
});

describe("scoring", () => {
  it("matches a listed person written first name first, whatever the order", () => {
    expect(score("Ernesto Julián Valderrama Osorio", "VALDERRAMA OSORIO, Ernesto Julián")).toBe(1);
    expect(score("Osorio Valderrama Ernesto Julian", "VALDERRAMA OSORIO, Ernesto Julián")).toBe(1);
  });

  it("matches without diacritics and with a missing middle name or second surname", () => {
    expect(hits("Jose Angel Penaloza Rios", "PEÑALOZA RÍOS, José Ángel")).toBe(true);
    expect(hits("Ernesto Valderrama Osorio", "VALDERRAMA OSORIO, Ernesto Julián")).toBe(true);
    expect(hits("Ernesto Valderrama", "VALDERRAMA OSORIO, Ernesto Julián")).toBe(true);
    expect(hits("Gisela Mueller Hartmann", "MUELLER HARTMANN, Gisela")).toBe(true);
  });

  it("matches a company without its legal suffix", () => {
    expect(
      hits("Grupo Inmobiliario Cascada Azul", "GRUPO INMOBILIARIO CASCADA AZUL, S.A. DE C.V.", false),
    ).toBe(true);
    expect(hits("Zafirante Trading LLC", "ZAFIRANTE TRADING CO., LTD.", false)).toBe(true);
  });

  it("matches near misses: one letter off, a transposition, a spelling that sounds alike", () => {
    expect(hits("Ernesto Valderama Osorio", "VALDERRAMA OSORIO, Ernesto Julián")).toBe(true);
    expect(hits("Marisol Quintero Blanko", "QUINTERO BLANCO, Marisol")).toBe(true);
    expect(hits("Marisol Qiuntero Blanco", "QUINTERO BLANCO, Marisol")).toBe(true);
    expect(hits("Dmitro Kovalenko", "KOVALENKO, Dmytro Serhiyovych")).toBe(true);
    expect(hits("Mohammed Hassan", "HASAN, Muhammad")).toBe(true);
  });

  it("does not match on a shared first name alone", () => {
    expect(hits("Ernesto López", "VALDERRAMA OSORIO, Ernesto Julián")).toBe(false);
    expect(hits("Marisol", "QUINTERO BLANCO, Marisol")).toBe(false);
    expect(hits("Marisol García", "QUINTERO BLANCO, Marisol")).toBe(false);
    expect(hits("José Ángel Ramírez", "PEÑALOZA RÍOS, José Ángel")).toBe(false);
    // Both given names, no surname: not enough.
    expect(hits("José Ángel", "PEÑALOZA RÍOS, José Ángel")).toBe(false);
    expect(surnameTokens("PEÑALOZA RÍOS, José Ángel")).toEqual(["PENALOZA", "RIOS"]);
  });

  it("does not match a surname that only starts alike, nor clearly other names", () => {
    expect(hits("Ramón Castro", "CASTILLO, Ramón")).toBe(false);
    expect(hits("Ana García", "VALDERRAMA OSORIO, Ernesto Julián")).toBe(false);
    expect(hits("Jose López", "PEÑALOZA RÍOS, José Ángel")).toBe(false);
    expect(hits("Cascada Verde", "GRUPO INMOBILIARIO CASCADA AZUL, S.A. DE C.V.", false)).toBe(false);
  });

  it("matches a one-word name only against a one-word name", () => {
    expect(hits("Zafirante", "ZAFIRANTE TRADING CO., LTD.", false)).toBe(false);
    expect(hits("Zafirante", "ZAFIRANTE LTD", false)).toBe(true);
  });
});

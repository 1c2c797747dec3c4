import { describe, expect, it } from "vitest";
import { appForThisFile } from "./helper";

// Proves the reference-data endpoints answer from the seeded database with the spec's query
// names, filter countries by where a service is offered, and tell caches they may keep answers.
const app = appForThisFile();

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: "GET", url, headers });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

type CountryBody = { id: number; iso2: string; name: string; currency_iso: string | null; flag_url: string };

describe("countries", () => {
  it("lists every ISO 3166 country with flag, prefix and currency", async () => {
    const { status, body, headers } = await get("/api/countries");
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThanOrEqual(245);
    const mexico = body.data.find((country: CountryBody) => country.iso2 === "MX");
    expect(mexico).toMatchObject({
      name: "Mexico",
      iso3: "MEX",
      flag: "🇲🇽",
      flag_url: "/api/flags/MX.svg",
      phone_prefix: "+52",
      currency_iso: "MXN",
    });
    expect(headers["cache-control"]).toContain("max-age=3600");
    expect(headers.vary).toContain("language");
  });

  it("maps withdrawn currencies to their successors", async () => {
    const { body } = await get("/api/countries?search=Croatia");
    expect(body.data).toHaveLength(1);
    expect(body.data[0].currency_iso).toBe("EUR");
  });

  it("searches by name or ISO code", async () => {
    const byName = await get("/api/countries?search=guate");
    expect(byName.body.data.map((country: CountryBody) => country.iso2)).toEqual(["GT"]);
    const byCode = await get("/api/countries?search=ph");
    expect(byCode.body.data.map((country: CountryBody) => country.iso2)).toContain("PH");
  });

  it("lists the home page's sending and receiving countries apart", async () => {
    const from = (await get("/api/home/countries?direction=from")).body.data.map(
      (country: CountryBody) => country.iso2,
    );
    const to = (await get("/api/home/countries?direction=to")).body.data.map(
      (country: CountryBody) => country.iso2,
    );
    expect(from).toEqual(expect.arrayContaining(["US", "CA", "GB", "ES", "DE", "FR"]));
    expect(from).not.toContain("MX");
    expect(to).toEqual(expect.arrayContaining(["MX", "BR", "PH", "IN", "ZA", "SN"]));
    expect(to).not.toContain("US");
  });

  it("filters by service and direction", async () => {
    const bills = (await get("/api/prepaid-pay-bills/countries?direction=to")).body.data.map(
      (country: CountryBody) => country.iso2,
    );
    expect(bills).toContain("MX");
    expect(bills).not.toContain("NG");
    const either = (await get("/api/countries?service=gift-cards")).body.data.map(
      (country: CountryBody) => country.iso2,
    );
    expect(either).toEqual(expect.arrayContaining(["US", "MX"]));
  });

  it("names countries in Spanish when asked, sorted in that language", async () => {
    const { body } = await get("/api/home/countries?direction=from", { language: "es" });
    const names = body.data.map((country: CountryBody) => country.name);
    expect(names).toContain("Alemania");
    expect(names).toContain("España");
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "es")));
  });

  it("serves each flag as an SVG image", async () => {
    const response = await app.inject({ method: "GET", url: "/api/flags/MX.svg" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("image/svg+xml");
    expect(response.body).toContain("<svg");
  });
});

describe("currencies", () => {
  it("lists ISO 4217 currencies with their minor-unit digits", async () => {
    const { body } = await get("/api/currencies");
    const byIso = new Map(
      body.data.map((currency: { iso: string; decimals: number }) => [currency.iso, currency]),
    );
    expect(byIso.get("USD")).toMatchObject({ decimals: 2, symbol: "$", name: "US Dollar" });
    expect(byIso.get("JPY")).toMatchObject({ decimals: 0 });
    expect(byIso.get("KWD")).toMatchObject({ decimals: 3 });
    // Funds and precious metals are not money anyone holds in a wallet.
    expect(byIso.has("XAU")).toBe(false);
    expect(byIso.has("USN")).toBe(false);
    expect(byIso.has("XOF")).toBe(true);
  });
});

describe("states, cities and localities", () => {
  async function countryId(iso2: string) {
    const { body } = await get(`/api/countries?search=${iso2}`);
    return body.data.find((country: CountryBody) => country.iso2 === iso2).id as number;
  }

  it("lists a country's states and a state's cities", async () => {
    const mexico = await countryId("MX");
    const states = (await get(`/api/states?country_id=${mexico}`)).body.data;
    const jalisco = states.find((state: { name: string }) => state.name === "Jalisco");
    expect(jalisco).toMatchObject({ country_id: mexico, code: "JAL" });
    const cities = (await get(`/api/cities?state_id=${jalisco.id}`)).body.data;
    expect(cities.map((city: { name: string }) => city.name)).toContain("Guadalajara");
    expect(cities.every((city: { state_id: number }) => city.state_id === jalisco.id)).toBe(true);
  });

  it("finds localities by name prefix within a country", async () => {
    const mexico = await countryId("MX");
    const { body } = await get(`/api/localities?country_id=${mexico}&search=guadal`);
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.length).toBeLessThanOrEqual(20);
    for (const locality of body.data) {
      expect(locality.name.toLowerCase().startsWith("guadal")).toBe(true);
      expect(locality.country_id).toBe(mexico);
      expect(locality.state_name).toBeTruthy();
    }
  });

  it("treats LIKE wildcards in a search as plain text", async () => {
    const mexico = await countryId("MX");
    const { body } = await get(`/api/localities?country_id=${mexico}&search=%25`);
    expect(body.data).toEqual([]);
  });

  it("answers 404 for an unknown country or state", async () => {
    expect((await get("/api/states?country_id=999999")).body).toEqual({
      success: false,
      message: "Country not found.",
    });
    expect((await get("/api/cities?state_id=999999")).status).toBe(404);
    expect((await get("/api/localities?country_id=999999")).status).toBe(404);
  });

  it("refuses ids that are not positive whole numbers", async () => {
    expect((await get("/api/states?country_id=-1")).status).toBe(422);
    expect((await get("/api/states?country_id=1.5")).status).toBe(422);
    expect((await get("/api/states?country_id=99999999999")).status).toBe(422);
  });
});

describe("prefixes", () => {
  it("lists dialling prefixes by country", async () => {
    const { body } = await get("/api/prefixes");
    const prefixes = new Map(
      body.data.map((entry: { iso2: string; prefix: string }) => [entry.iso2, entry.prefix]),
    );
    expect(prefixes.get("US")).toBe("+1");
    expect(prefixes.get("GB")).toBe("+44");
    expect(prefixes.get("PH")).toBe("+63");
  });
});

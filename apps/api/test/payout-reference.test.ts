import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { currencies, seedVersions, shippingMethods } from "../src/db/schema/index";
import { DESTINATIONS } from "../src/db/seed/corridor-countries";
import { seedDatabase } from "../src/db/seed/index";
import { countryId } from "./auth-support";
import { appForThisFile } from "./helper";

// Issue 8 point 6: the reference lists recipient and sender forms need — documents, relationships,
// reasons, banks and branches, provinces and towns, payer networks and their cash-pickup places —
// answer from the seed for every destination, filter, paginate, refuse bad ids, and cache.
const ids: Record<string, number> = {};
const methodId: Record<string, number> = {};

const app = appForThisFile();

beforeAll(async () => {
  for (const destination of DESTINATIONS)
    ids[destination.country] = await countryId(app, destination.country);
  ids.US = await countryId(app, "US");
  for (const row of await app.db.select().from(shippingMethods)) methodId[row.slug] = row.id;
});

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: "GET", url, headers });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}
/** A 404 whose message names what was not found. */
async function expectNotFound(url: string, message: string) {
  const answer = await get(url);
  expect(answer.status, url).toBe(404);
  expect(answer.body.message).toBe(message);
}
/** The `data` of a 200 answer. */
async function data(url: string, headers: Record<string, string> = {}) {
  const answer = await get(url, headers);
  expect(answer.status, `${url}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body.data;
}

type Coded = { id: number; code: string; name: string };
type Bank = {
  id: number;
  country_id: number;
  name: string;
  code: string;
  swift_bic: string | null;
  supports: string[];
};
type Provider = { id: number; code: string; name: string; country_id: number; service_type_id: number };
type Place = {
  id: number;
  service_provider_id: number;
  service_provider_name: string;
  type_place_id: number;
  name: string;
  address: string;
  town_id: number | null;
  province_id: number | null;
  latitude: number;
  longitude: number;
  hours: string;
  phone: string | null;
};
const codes = (rows: { code: string }[]) => rows.map((row) => row.code);

async function serviceTypeId(code: string) {
  const types: Coded[] = await data("/api/service_types");
  return types.find((type) => type.code === code)!.id;
}
async function placeTypeId(code: string) {
  const types: Coded[] = await data("/api/type_places");
  return types.find((type) => type.code === code)!.id;
}

describe("documents", () => {
  it("lists a country's own documents first, then those valid everywhere", async () => {
    const mexico = await data(`/api/documents?country_id=${ids.MX}`);
    expect(codes(mexico)).toEqual(["mx-ine", "mx-curp", "passport", "drivers-licence"]);
    expect(mexico[0]).toMatchObject({ country_id: ids.MX, example: "GMVLMR80070501M100" });
    expect(mexico[2]).toMatchObject({ name: "Passport", country_id: null, number_pattern: null });
    expect(codes(await data(`/api/documents?country_id=${ids.PH}`))).toEqual(
      expect.arrayContaining(["ph-philsys", "ph-umid", "passport"]),
    );
    expect(codes(await data(`/api/documents?country_id=${ids.IN}`))).toEqual(
      expect.arrayContaining(["in-aadhaar", "in-pan"]),
    );
    expect(codes(await data(`/api/documents?country_id=${ids.CO}`))).toEqual(
      expect.arrayContaining(["co-cedula", "co-cedula-extranjeria"]),
    );
  });

  it("without a country, lists only the documents valid everywhere", async () => {
    expect(codes(await data("/api/documents"))).toEqual(["passport", "drivers-licence"]);
  });

  it("gives every destination a national document, and every example matches its pattern", async () => {
    for (const destination of DESTINATIONS) {
      const documents = await data(`/api/documents?country_id=${ids[destination.country]}`);
      const own = documents.filter((document: { country_id: number | null }) => document.country_id !== null);
      expect(own.length, destination.country).toBeGreaterThan(0);
      for (const document of own) {
        if (document.number_pattern === null) continue;
        const pattern = new RegExp(document.number_pattern);
        expect(pattern.test(document.example), `${document.code} ${document.example}`).toBe(true);
        expect(pattern.test(`${document.example}#`), `${document.code} is anchored at the end`).toBe(false);
        expect(pattern.test(`#${document.example}`), `${document.code} is anchored at the start`).toBe(false);
      }
    }
  });

  it("names documents in Spanish when asked", async () => {
    const names = (await data("/api/documents", { language: "es" })).map((row: Coded) => row.name);
    expect(names).toEqual(["Pasaporte", "Licencia de conducir"]);
  });

  it("answers 404 for an unknown country and 422 for a malformed id", async () => {
    const unknown = await get("/api/documents?country_id=999999");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, message: "Country not found." });
    const spanish = await get("/api/documents?country_id=999999", { language: "es" });
    expect(spanish.body.message).toBe("País no encontrado.");
    for (const bad of ["abc", "0", "-1", "1.5"]) {
      const answer = await get(`/api/documents?country_id=${bad}`);
      expect(answer.status, bad).toBe(422);
      expect(answer.body.errors.country_id).toBeDefined();
    }
  });
});

describe("relationships, reasons, type_places and service_types", () => {
  it("lists relationships and reasons with stable codes, in Spanish when asked", async () => {
    const relationships: Coded[] = await data("/api/relationships");
    expect(codes(relationships)).toEqual(
      expect.arrayContaining(["spouse", "parent", "child", "friend", "business-partner"]),
    );
    const reasons: Coded[] = await data("/api/reasons");
    expect(codes(reasons)).toEqual(
      expect.arrayContaining(["family-support", "education", "medical", "savings", "goods-services"]),
    );
    const spanish: Coded[] = await data("/api/reasons", { language: "es" });
    expect(spanish.find((reason) => reason.code === "family-support")?.name).toBe("Manutención familiar");
    // Same ids in either language: a saved choice keeps meaning the same thing.
    expect(spanish.map((reason) => reason.id)).toEqual(reasons.map((reason) => reason.id));
  });

  it("lists kinds of place and of payout service, each service with its shipping method", async () => {
    expect(codes(await data("/api/type_places"))).toEqual(
      expect.arrayContaining([
        "bank-branch",
        "pawnshop",
        "supermarket",
        "pharmacy",
        "remittance-agent",
        "convenience-store",
      ]),
    );
    const types = await data("/api/service_types");
    const slugOf = Object.fromEntries(
      types.map((type: { code: string; shipping_method_slug: string | null }) => [
        type.code,
        type.shipping_method_slug,
      ]),
    );
    expect(slugOf).toMatchObject({
      "bank-deposit": "bank-deposit",
      "cash-pickup": "cash-pickup",
      "mobile-wallet": "mobile-wallet",
      "home-delivery": "home-delivery",
    });
    // Every slug a service type names is a real shipping method.
    for (const slug of Object.values(slugOf))
      if (slug !== null) expect(methodId[slug as string]).toBeDefined();
    const spanish: Coded[] = await data("/api/type_places", { language: "es" });
    expect(spanish.find((type) => type.code === "pawnshop")?.name).toBe("Casa de empeño");
  });

  it("tells caches they may keep every list for an hour, per language", async () => {
    const mexicoBank: Bank = (await data(`/api/banks?country_id=${ids.MX}&search=072`))[0];
    for (const url of [
      `/api/documents?country_id=${ids.MX}`,
      "/api/relationships",
      "/api/reasons",
      `/api/banks?country_id=${ids.MX}`,
      `/api/provinces?country_id=${ids.MX}`,
      `/api/branch-office?bank_id=${mexicoBank.id}`,
      "/api/type_places",
      "/api/service_types",
      `/api/service_providers?country_id=${ids.MX}`,
      `/api/places/filter?country_id=${ids.MX}`,
    ]) {
      const { status, headers } = await get(url);
      expect(status, url).toBe(200);
      expect(headers["cache-control"], url).toContain("public, max-age=3600");
      expect(headers.vary, url).toContain("language");
    }
  });
});

describe("banks", () => {
  it("lists Mexico's banks with their CLABE bank codes and BICs", async () => {
    const banks: Bank[] = await data(`/api/banks?country_id=${ids.MX}`);
    const byCode = new Map(banks.map((bank) => [bank.code, bank]));
    expect(byCode.get("072")).toMatchObject({
      name: "Banorte",
      swift_bic: "MENOMXMT",
      supports: ["bank-deposit"],
    });
    expect(byCode.get("012")?.name).toBe("BBVA México");
    expect(byCode.get("014")?.name).toBe("Santander México");
    expect(byCode.get("002")?.name).toBe("Banamex");
    expect(byCode.get("021")?.name).toBe("HSBC México");
    expect(byCode.get("127")?.name).toBe("Banco Azteca");
    expect(banks.every((bank) => /^\d{3}$/.test(bank.code) && bank.country_id === ids.MX)).toBe(true);
    expect(banks.map((bank) => bank.name)).toEqual(
      [...banks.map((bank) => bank.name)].sort((a, b) => a.localeCompare(b)),
    );
  });

  it("lists Colombia's, India's and the Philippines' banks by their local codes", async () => {
    const colombia: Bank[] = await data(`/api/banks?country_id=${ids.CO}`);
    expect(colombia.map((bank) => bank.name)).toEqual(
      expect.arrayContaining(["Bancolombia", "Davivienda", "Banco de Bogotá"]),
    );
    const india: Bank[] = await data(`/api/banks?country_id=${ids.IN}`);
    expect(india.find((bank) => bank.code === "SBIN")?.name).toBe("State Bank of India");
    expect(india.map((bank) => bank.code)).toEqual(expect.arrayContaining(["HDFC", "ICIC"]));
    const philippines: Bank[] = await data(`/api/banks?country_id=${ids.PH}`);
    expect(philippines.map((bank) => bank.name)).toEqual(
      expect.arrayContaining([
        "BDO Unibank",
        "Metrobank",
        "Land Bank of the Philippines",
        "GCash (G-Xchange)",
        "Maya",
      ]),
    );
  });

  it("filters by shipping method: e-wallets for mobile wallet, none for cash", async () => {
    const wallets: Bank[] = await data(
      `/api/banks?country_id=${ids.PH}&shipping_method_id=${methodId["mobile-wallet"]}`,
    );
    expect(wallets.map((bank) => bank.code).sort()).toEqual(["GXCH", "PAPH"]);
    const deposit: Bank[] = await data(
      `/api/banks?country_id=${ids.PH}&shipping_method_id=${methodId["bank-deposit"]}`,
    );
    expect(deposit.length).toBeGreaterThan(wallets.length);
    expect(deposit.every((bank) => bank.supports.includes("bank-deposit"))).toBe(true);
    const senegal: Bank[] = await data(
      `/api/banks?country_id=${ids.SN}&shipping_method_id=${methodId["mobile-wallet"]}`,
    );
    expect(senegal.map((bank) => bank.name)).toEqual(expect.arrayContaining(["Orange Money", "Wave"]));
    expect(
      await data(`/api/banks?country_id=${ids.MX}&shipping_method_id=${methodId["cash-pickup"]}`),
    ).toEqual([]);
  });

  it("searches by name, by code or BIC, and treats wildcards as text", async () => {
    expect(
      (await data(`/api/banks?country_id=${ids.MX}&search=banor`)).map((bank: Bank) => bank.code),
    ).toEqual(["072"]);
    expect((await data(`/api/banks?country_id=${ids.MX}&search=012`)).map((bank: Bank) => bank.name)).toEqual(
      ["BBVA México"],
    );
    expect(
      (await data(`/api/banks?country_id=${ids.CO}&search=COLOCOBM`)).map((bank: Bank) => bank.name),
    ).toEqual(["Bancolombia"]);
    expect(await data(`/api/banks?country_id=${ids.MX}&search=%25`)).toEqual([]);
    // A country with no payout banks answers an empty list.
    expect(await data(`/api/banks?country_id=${ids.US}`)).toEqual([]);
  });

  it("requires a country, and refuses unknown and malformed ids", async () => {
    expect((await get("/api/banks")).status).toBe(422);
    expect((await get("/api/banks?country_id=999999")).status).toBe(404);
    await expectNotFound(
      `/api/banks?country_id=${ids.MX}&shipping_method_id=999999`,
      "Shipping method not found.",
    );
    const bad = await get(`/api/banks?country_id=${ids.MX}&shipping_method_id=x`);
    expect(bad.status).toBe(422);
    expect(bad.body.errors.shipping_method_id).toBeDefined();
    expect((await get(`/api/banks?country_id=${ids.MX}&search=${"a".repeat(101)}`)).status).toBe(422);
  });
});

describe("provinces, towns and branch offices", () => {
  it("lists provinces and towns over the states and cities", async () => {
    const provinces = await data(`/api/provinces?country_id=${ids.CO}`);
    const states = await data(`/api/states?country_id=${ids.CO}`);
    // The same rows as the states, sorted by name as the caller's language sorts.
    const sortedIds = (rows: { id: number }[]) => rows.map((row) => row.id).sort((a, b) => a - b);
    expect(sortedIds(provinces)).toEqual(sortedIds(states));
    const names = provinces.map((row: { name: string }) => row.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    const bogota = provinces.find((row: { name: string }) => row.name === "Bogotá D.C.");
    expect(bogota).toEqual({ id: expect.any(Number), country_id: ids.CO, name: "Bogotá D.C." });
    const towns = await data(`/api/towns?province_id=${bogota.id}`);
    expect(towns).toContainEqual({ id: expect.any(Number), province_id: bogota.id, name: "Bogotá D.C." });
    expect((await get("/api/provinces?country_id=999999")).status).toBe(404);
    expect((await get("/api/provinces")).status).toBe(422);
    await expectNotFound("/api/towns?province_id=999999", "Province not found.");
    expect((await get("/api/towns?province_id=abc")).status).toBe(422);
  });

  it("lists a bank's branches, optionally in one town", async () => {
    const [banorte]: Bank[] = await data(`/api/banks?country_id=${ids.MX}&search=Banorte`);
    const branches = await data(`/api/branch-office?bank_id=${banorte!.id}`);
    expect(branches.length).toBeGreaterThanOrEqual(3);
    const guadalajara = branches.find((branch: { name: string }) => branch.name === "Banorte Guadalajara");
    expect(guadalajara).toMatchObject({ bank_id: banorte!.id, town_id: expect.any(Number) });
    expect(guadalajara.address).toMatch(/^[^,]+ \d+, Guadalajara$/);
    const inTown = await data(`/api/branch-office?bank_id=${banorte!.id}&town_id=${guadalajara.town_id}`);
    expect(inTown).toEqual([guadalajara]);
    // An e-wallet has no branches.
    const [gcash]: Bank[] = await data(`/api/banks?country_id=${ids.PH}&search=GCash`);
    expect(await data(`/api/branch-office?bank_id=${gcash!.id}`)).toEqual([]);
  });

  it("refuses unknown and malformed bank and town ids", async () => {
    await expectNotFound("/api/branch-office?bank_id=999999", "Bank not found.");
    const [banorte]: Bank[] = await data(`/api/banks?country_id=${ids.MX}&search=Banorte`);
    await expectNotFound(`/api/branch-office?bank_id=${banorte!.id}&town_id=2000000000`, "Town not found.");
    expect((await get("/api/branch-office")).status).toBe(422);
    expect((await get("/api/branch-office?bank_id=1e3x")).status).toBe(422);
  });
});

describe("service providers and places", () => {
  it("lists payer networks by country and service type", async () => {
    const cash = await serviceTypeId("cash-pickup");
    const mexico: Provider[] = await data(
      `/api/service_providers?country_id=${ids.MX}&service_type_id=${cash}`,
    );
    expect(mexico.map((provider) => provider.name)).toEqual(
      expect.arrayContaining(["Elektra", "Coppel", "OXXO", "Walmart de México"]),
    );
    expect(
      mexico.every((provider) => provider.country_id === ids.MX && provider.service_type_id === cash),
    ).toBe(true);
    const philippines: Provider[] = await data(
      `/api/service_providers?country_id=${ids.PH}&service_type_id=${cash}`,
    );
    expect(philippines.map((provider) => provider.name)).toEqual(
      expect.arrayContaining(["Cebuana Lhuillier", "M Lhuillier", "Palawan Express Pera Padala"]),
    );
    const colombia: Provider[] = await data(`/api/service_providers?country_id=${ids.CO}`);
    expect(colombia.map((provider) => provider.name)).toContain("Efecty");
    const wallets: Provider[] = await data(
      `/api/service_providers?service_type_id=${await serviceTypeId("mobile-wallet")}`,
    );
    expect(wallets.map((provider) => provider.name)).toEqual(
      expect.arrayContaining(["GCash", "Maya", "OVO", "DANA", "Orange Money", "Wave", "MTN MoMo"]),
    );
    expect(await data(`/api/service_providers?country_id=${ids.US}`)).toEqual([]);
  });

  it("refuses unknown and malformed provider filters", async () => {
    expect((await get("/api/service_providers?country_id=999999")).status).toBe(404);
    await expectNotFound("/api/service_providers?service_type_id=999999", "Service type not found.");
    expect((await get("/api/service_providers?service_type_id=zero")).status).toBe(422);
  });

  it("gives every destination payout partners for each of its delivery methods", async () => {
    const cash = await serviceTypeId("cash-pickup");
    const wallet = await serviceTypeId("mobile-wallet");
    for (const destination of DESTINATIONS) {
      const country = ids[destination.country];
      const label = `${destination.country}`;
      if (destination.methods.includes("bank-deposit")) {
        const banks = await data(
          `/api/banks?country_id=${country}&shipping_method_id=${methodId["bank-deposit"]}`,
        );
        expect(banks.length, `${label} banks`).toBeGreaterThan(0);
      }
      if (destination.methods.includes("cash-pickup")) {
        const payers: Provider[] = await data(
          `/api/service_providers?country_id=${country}&service_type_id=${cash}`,
        );
        expect(payers.length, `${label} cash payers`).toBeGreaterThan(0);
        for (const payer of payers) {
          const places = (await data(`/api/places/filter?service_provider_id=${payer.id}`)) as {
            total: number;
          };
          expect(places.total, `${label} ${payer.name} places`).toBeGreaterThan(0);
        }
      }
      if (destination.methods.includes("mobile-wallet")) {
        const providers = await data(
          `/api/service_providers?country_id=${country}&service_type_id=${wallet}`,
        );
        expect(providers.length, `${label} wallet providers`).toBeGreaterThan(0);
        const eWallets = await data(
          `/api/banks?country_id=${country}&shipping_method_id=${methodId["mobile-wallet"]}`,
        );
        expect(eWallets.length, `${label} e-wallet banks`).toBeGreaterThan(0);
      }
    }
  });

  it("lists a country's places with coordinates, hours and where they are", async () => {
    const page = await data(`/api/places/filter?country_id=${ids.PH}&per_page=100`);
    expect(page.total).toBeGreaterThanOrEqual(12);
    const places: Place[] = page.data;
    expect(page).toMatchObject({ current_page: 1, per_page: 100, last_page: 1 });
    const pawnshop = await placeTypeId("pawnshop");
    for (const place of places) {
      expect(place.type_place_id).toBe(pawnshop);
      expect(place.hours).toMatch(/^Mon–(Fri|Sat|Sun) \d{2}:\d{2}–\d{2}:\d{2}$/);
      expect(place.town_id).toEqual(expect.any(Number));
      expect(place.province_id).toEqual(expect.any(Number));
      // Within the Philippines' bounding box.
      expect(place.latitude).toBeGreaterThan(4.5);
      expect(place.latitude).toBeLessThan(21.2);
      expect(place.longitude).toBeGreaterThan(116.9);
      expect(place.longitude).toBeLessThan(126.7);
      expect(place.name.startsWith(place.service_provider_name)).toBe(true);
    }
    expect(new Set(places.map((place) => place.name)).size).toBe(places.length);
  });

  it("filters places by network, kind, province, town and search text", async () => {
    const [oxxo]: Provider[] = (await data(`/api/service_providers?country_id=${ids.MX}`)).filter(
      (provider: Provider) => provider.code === "oxxo",
    );
    const all: Place[] = (await data(`/api/places/filter?service_provider_id=${oxxo!.id}`)).data;
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((place) => place.service_provider_name === "OXXO")).toBe(true);
    const first = all[0]!;
    const byTown: Place[] = (await data(`/api/places/filter?country_id=${ids.MX}&town_id=${first.town_id}`))
      .data;
    expect(byTown.length).toBeGreaterThan(0);
    expect(byTown.every((place) => place.town_id === first.town_id)).toBe(true);
    const byProvince: Place[] = (
      await data(`/api/places/filter?province_id=${first.province_id}&per_page=100`)
    ).data;
    expect(byProvince.map((place) => place.id)).toEqual(
      expect.arrayContaining(byTown.map((place) => place.id)),
    );
    const stores: Place[] = (
      await data(
        `/api/places/filter?country_id=${ids.MX}&type_place_id=${await placeTypeId("convenience-store")}`,
      )
    ).data;
    expect(stores.map((place) => place.id).sort()).toEqual(all.map((place) => place.id).sort());
    const searched = await data(`/api/places/filter?country_id=${ids.MX}&search=reforma`);
    expect(searched.total).toBeGreaterThan(0);
    for (const place of searched.data as Place[])
      expect(`${place.name} ${place.address}`.toLowerCase()).toContain("reforma");
    // Filters combine: a Mexican network in a Colombian town has nothing.
    const [bogota] = (await data(`/api/provinces?country_id=${ids.CO}`)).filter(
      (province: { name: string }) => province.name === "Bogotá D.C.",
    );
    expect(
      (await data(`/api/places/filter?service_provider_id=${oxxo!.id}&province_id=${bogota.id}`)).total,
    ).toBe(0);
  });

  it("paginates with the spec's page envelope", async () => {
    const whole = await data(`/api/places/filter?country_id=${ids.MX}&per_page=100`);
    expect(whole.total).toBeGreaterThanOrEqual(16);
    const first = await data(`/api/places/filter?country_id=${ids.MX}&per_page=5`);
    const second = await data(`/api/places/filter?country_id=${ids.MX}&per_page=5&page=2`);
    expect(first).toMatchObject({
      current_page: 1,
      per_page: 5,
      total: whole.total,
      last_page: Math.ceil(whole.total / 5),
    });
    expect(second.current_page).toBe(2);
    expect([...first.data, ...second.data].map((place: Place) => place.id)).toEqual(
      whole.data.slice(0, 10).map((place: Place) => place.id),
    );
    const beyond = await data(`/api/places/filter?country_id=${ids.MX}&per_page=5&page=1000`);
    expect(beyond).toMatchObject({ data: [], total: whole.total, current_page: 1000 });
    // Ten by default; empty fields (as a filter form sends them) filter nothing.
    const everything = await data("/api/places/filter");
    expect(everything.per_page).toBe(10);
    expect((await data("/api/places/filter?country_id=&town_id=&search=%20")).total).toBe(everything.total);
  });

  it("refuses bad pagination and unknown or malformed filters", async () => {
    for (const query of [
      "per_page=0",
      "per_page=101",
      "page=0",
      "page=x",
      "town_id=abc",
      `search=${"x".repeat(101)}`,
    ]) {
      const answer = await get(`/api/places/filter?${query}`);
      expect(answer.status, query).toBe(422);
      expect(answer.body.success).toBe(false);
    }
    for (const [query, message] of [
      ["country_id=999999", "Country not found."],
      ["service_provider_id=999999", "Service provider not found."],
      ["type_place_id=999999", "Place type not found."],
      ["province_id=999999", "Province not found."],
      ["town_id=2000000000", "Town not found."],
    ]) {
      const answer = await get(`/api/places/filter?${query}`);
      expect(answer.status, query).toBe(404);
      expect(answer.body.message).toBe(message);
    }
  });
});

describe("Colombia as a destination", () => {
  it("is a consignment country priced from the TRM, with bank deposit and cash pickup", async () => {
    const to = (await data("/api/consignments/countries?direction=to")).map(
      (country: { iso2: string }) => country.iso2,
    );
    expect(to).toContain("CO");
    const [cop] = await app.db.select().from(currencies).where(eq(currencies.iso, "COP"));
    const [usd] = await app.db.select().from(currencies).where(eq(currencies.iso, "USD"));
    const corridor = {
      country_from_id: String(ids.US),
      country_to_id: String(ids.CO),
      currency_from_id: String(usd!.id),
      currency_to_id: String(cop!.id),
    };
    const methods = await data(`/api/shipping-methods?${new URLSearchParams(corridor)}`);
    expect(methods.map((method: { slug: string }) => method.slug)).toEqual([
      "vela",
      "bank-deposit",
      "cash-pickup",
    ]);
    const quote = await data(
      `/api/home/send-money/calculator?${new URLSearchParams({
        ...corridor,
        shipping_method_id: String(methodId["cash-pickup"]),
        send_amount: "100",
      })}`,
    );
    // At the sandbox anchor: the TRM in force on 25 November 2024, 4 418.58 pesos per dollar.
    expect(quote.mid_rate).toBe("4418.58000000");
    expect(quote.currency_to_iso).toBe("COP");
    expect(quote.rate_legs[1]).toMatchObject({ iso: "COP", per_base: "4637.299710" });
    expect(quote.rate_legs[1].source).toContain("TRM");
  });
});

describe("the payout seed", () => {
  it("seeds the same rows with the same ids when it runs again", async () => {
    const before = await data("/api/places/filter?per_page=100&page=1");
    const banksBefore = await data(`/api/banks?country_id=${ids.CO}`);
    await app.db
      .update(seedVersions)
      .set({ version: "outdated" })
      .where(eq(seedVersions.name, "payout-network"));
    const report = await seedDatabase(app.db);
    expect(report.find((set) => set.name === "payout-network")?.applied).toBe(true);
    expect(await data("/api/places/filter?per_page=100&page=1")).toEqual(before);
    expect(await data(`/api/banks?country_id=${ids.CO}`)).toEqual(banksBefore);
  });
});

import { businessVerification, ownerAccessToken } from "@vela/shared/kyb";
import { expect } from "vitest";
import { bearer, clientBody } from "./auth-support";
import { parsedData, type TestApp } from "./helper";
import { makePng, multipart } from "./upload-support";

/** Registers a business account and answers its access token and user id. */
export async function signedInBusiness(app: TestApp, legalName = "Acme Imports LLC") {
  const types = await app.inject({ method: "GET", url: "/api/onboarding/business/types" });
  const type = types.json().data[0];
  const response = await app.inject({
    method: "POST",
    url: "/api/onboarding/business/register",
    payload: {
      ...(await clientBody(app)),
      legal_name: legalName,
      business_type_id: type.id,
      tax_id: "12-3456789",
    },
  });
  if (response.statusCode !== 201) throw new Error(`business not registered: ${response.body}`);
  const session = response.json().data;
  return { token: session.token as string, userId: session.user.id as number };
}

export const kybCall = (
  app: TestApp,
  token: string,
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  payload?: object,
  language = "en",
) =>
  app.inject({
    method,
    url: `/api/business/verification${path}`,
    headers: bearer(token, { language }),
    ...(payload === undefined ? {} : { payload }),
  });

export const kybState = async (app: TestApp, token: string) =>
  parsedData(await kybCall(app, token, "GET", ""), 200, businessVerification);

export const goodDetails = (countryId: number) => ({
  legal_name: "Acme Imports LLC",
  registration_number: "C-1234567",
  country_id: countryId,
  incorporation_date: "2015-03-02",
  legal_form: "limited_liability_company",
  registered_address: "1 Harbour Street, Miami FL 33101",
  website: "https://acme.example.com",
  nature_of_business: "Imports of kitchen equipment",
});

export const ownerBody = (countryId: number, overrides: Record<string, unknown> = {}) => ({
  first_name: "Lucía",
  last_name: "Fernández",
  date_of_birth: "1980-06-15",
  nationality_country_id: countryId,
  email: "lucia@example.com",
  role: "shareholder",
  ownership_percent: "60",
  is_controlling: false,
  ...overrides,
});

export function uploadDocument(
  app: TestApp,
  token: string,
  kind: string,
  data: Buffer,
  filename = "doc.png",
) {
  const body = multipart([
    { name: "kind", data: kind },
    { name: "file", data, filename, contentType: "image/png" },
  ]);
  return app.inject({
    method: "POST",
    url: "/api/business/verification/documents",
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
}

/** Details and the three required documents, so only the owners are left. */
export async function detailsAndDocuments(app: TestApp, token: string, countryId: number) {
  expect((await kybCall(app, token, "PUT", "/details", goodDetails(countryId))).statusCode).toBe(200);
  const page = makePng(800, 600);
  for (const kind of ["certificate_of_incorporation", "articles_of_association", "proof_of_address"]) {
    const uploaded = await uploadDocument(app, token, kind, page);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
  }
}

export async function addOwner(app: TestApp, token: string, body: object) {
  const response = await kybCall(app, token, "POST", "/owners", body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number };
}

/** The owner's SDK page: its path and query, as `completeSdk` takes them. */
export async function ownerSdk(app: TestApp, token: string, ownerId: number) {
  const data = parsedData(
    await kybCall(app, token, "POST", `/owners/${ownerId}/access-token`),
    200,
    ownerAccessToken,
  );
  const url = new URL(data.sdk_url);
  return { path: url.pathname, query: url.search };
}

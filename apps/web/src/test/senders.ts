import type { Sender } from "@vela/shared/senders";
import { MEXICO, pageOf } from "./fixtures";

/** A sender as the API lists it: an agent's walk-in customer in Mexico with a passport. */
export const makeSender = (id: number, overrides: Partial<Sender> = {}): Sender => ({
  id,
  is_self: false,
  is_active: true,
  first_name: `Walk${id}`,
  last_name: "In",
  full_name: `Walk${id} In`,
  email: `walk${id}@example.com`,
  phone_prefix: "+52",
  phone_number: "5512345678",
  country_id: MEXICO.id,
  state_id: null,
  city: "Ciudad de México",
  address: "Av. Reforma 100",
  postal_code: null,
  date_of_birth: "1990-05-04",
  occupation: null,
  document_type_id: 1,
  document_number: `X${1000 + id}`,
  document_country_id: MEXICO.id,
  document_expires_on: "2031-01-01",
  services: ["consignments"],
  created_at: "2026-11-20T10:00:00.000Z",
  ...overrides,
});

/** Document types as `/documents` lists them: one valid everywhere, one Mexican with its pattern. */
export const DOCUMENTS = [
  { id: 1, code: "passport", name: "Passport", country_id: null, number_pattern: null, example: null },
  {
    id: 2,
    code: "mx-ine",
    name: "INE voter card",
    country_id: MEXICO.id,
    number_pattern: "^[A-Z]{6}[0-9]{8}[HM][0-9]{3}$",
    example: "GOMLRS80010109H400",
  },
];

/** One page of senders as the lists answer it. */
export const sendersPage = (rows: Sender[]) => pageOf(rows, 1, 10);

import { toCurrencyAmount } from "@vela/shared/decimal";
import { currencyDecimals, logoDataUrl } from "../purchases/sandbox-fulfilments";
import type { TopupOperatorDef, TopupProductDef } from "./topup-provider";

/**
 * The sandbox top-up aggregator's catalogue: real operators of each country it tops up in, their
 * airtime (FIXED denominations or a RANGE) and data bundles in the local currency, and the prefix
 * table that guesses a number's operator from the start of its national number (number portability
 * makes it a guess: the customer may choose another operator). Product ids are the operator's id
 * times 100 plus their place.
 */

type Bundle = { name: string; amount: string; validity: string; description: string };

type OperatorSource = {
  id: number;
  name: string;
  initials: string;
  colour: string;
  commissionBps: number;
  /** Airtime: FIXED denominations, or a RANGE [min, max]. */
  airtime: { fixed: string[] } | { range: [string, string] };
  bundles?: Bundle[];
  /** National-number prefixes the operator's numbers start with. */
  prefixes: string[];
};

type CountrySource = { iso: string; currency: string; operators: OperatorSource[] };

const fixed = (...amounts: string[]) => ({ fixed: amounts });
const range = (min: string, max: string) => ({ range: [min, max] as [string, string] });
const bundle = (name: string, amount: string, validity: string, description: string): Bundle => ({
  name,
  amount,
  validity,
  description,
});

const SOURCES: CountrySource[] = [
  {
    iso: "MX",
    currency: "MXN",
    operators: [
      {
        id: 101,
        name: "Telcel",
        initials: "TEL",
        colour: "#0a2f8f",
        commissionBps: 500,
        airtime: fixed("20", "30", "50", "100", "150", "200", "300", "500"),
        bundles: [
          bundle(
            "Amigo Sin Límite 100",
            "100",
            "20 days",
            "3 GB, unlimited calls and SMS in Mexico, USA and Canada",
          ),
          bundle(
            "Amigo Sin Límite 200",
            "200",
            "30 days",
            "6 GB, unlimited calls and SMS in Mexico, USA and Canada",
          ),
        ],
        prefixes: ["55", "33", "442", "222", "999", "664"],
      },
      {
        id: 102,
        name: "AT&T Mexico",
        initials: "AT&T",
        colour: "#00a8e0",
        commissionBps: 450,
        airtime: fixed("20", "50", "100", "200", "300", "500"),
        bundles: [
          bundle("AT&T Unidos 150", "150", "30 days", "4 GB and unlimited calls to Mexico, USA and Canada"),
        ],
        prefixes: ["56", "81", "477"],
      },
      {
        id: 103,
        name: "Movistar Mexico",
        initials: "MOV",
        colour: "#019df4",
        commissionBps: 600,
        airtime: fixed("20", "30", "50", "100", "200"),
        prefixes: ["614", "656", "871"],
      },
    ],
  },
  {
    iso: "GT",
    currency: "GTQ",
    operators: [
      {
        id: 201,
        name: "Tigo Guatemala",
        initials: "TIGO",
        colour: "#00377b",
        commissionBps: 500,
        airtime: range("5", "500"),
        bundles: [bundle("Tigo Paquetigo 7 días", "35", "7 days", "2 GB and unlimited WhatsApp")],
        prefixes: ["5", "30", "31", "32"],
      },
      {
        id: 202,
        name: "Claro Guatemala",
        initials: "CLA",
        colour: "#da291c",
        commissionBps: 450,
        airtime: fixed("10", "25", "50", "100", "200"),
        prefixes: ["4", "33", "34", "35"],
      },
    ],
  },
  {
    iso: "SV",
    currency: "USD",
    operators: [
      {
        id: 301,
        name: "Tigo El Salvador",
        initials: "TIGO",
        colour: "#00377b",
        commissionBps: 500,
        airtime: fixed("2", "5", "10", "15", "20"),
        bundles: [bundle("Tigo Combo 10", "10", "15 days", "5 GB, 300 minutes to El Salvador and the USA")],
        prefixes: ["70", "71", "72"],
      },
      {
        id: 302,
        name: "Claro El Salvador",
        initials: "CLA",
        colour: "#da291c",
        commissionBps: 450,
        airtime: range("1", "50"),
        prefixes: ["73", "74", "78"],
      },
      {
        id: 303,
        name: "Digicel El Salvador",
        initials: "DIG",
        colour: "#e30613",
        commissionBps: 600,
        airtime: fixed("2", "5", "10", "20"),
        prefixes: ["77"],
      },
    ],
  },
  {
    iso: "HN",
    currency: "HNL",
    operators: [
      {
        id: 401,
        name: "Tigo Honduras",
        initials: "TIGO",
        colour: "#00377b",
        commissionBps: 500,
        airtime: fixed("50", "100", "200", "300", "500"),
        bundles: [bundle("Tigo Súper Combo 150", "150", "7 days", "4 GB and unlimited calls to Honduras")],
        prefixes: ["9", "31", "32"],
      },
      {
        id: 402,
        name: "Claro Honduras",
        initials: "CLA",
        colour: "#da291c",
        commissionBps: 450,
        airtime: range("20", "2000"),
        prefixes: ["3", "8"],
      },
    ],
  },
  {
    iso: "CO",
    currency: "COP",
    operators: [
      {
        id: 501,
        name: "Claro Colombia",
        initials: "CLA",
        colour: "#da291c",
        commissionBps: 450,
        airtime: fixed("5000", "10000", "20000", "30000", "50000", "100000"),
        bundles: [
          bundle("Claro Paquete 7 días", "12000", "7 days", "3 GB, unlimited WhatsApp and minutes"),
          bundle("Claro Paquete 30 días", "35000", "30 days", "12 GB, unlimited WhatsApp and minutes"),
        ],
        prefixes: ["310", "311", "312", "313", "314", "320", "321", "322", "323"],
      },
      {
        id: 502,
        name: "Movistar Colombia",
        initials: "MOV",
        colour: "#019df4",
        commissionBps: 550,
        airtime: range("3000", "200000"),
        prefixes: ["315", "316", "317", "318"],
      },
      {
        id: 503,
        name: "Tigo Colombia",
        initials: "TIGO",
        colour: "#00377b",
        commissionBps: 500,
        airtime: fixed("5000", "10000", "20000", "50000"),
        bundles: [bundle("Tigo Todo Incluido 15 días", "20000", "15 days", "6 GB and unlimited calls")],
        prefixes: ["300", "301", "302", "304", "305"],
      },
      {
        id: 504,
        name: "WOM Colombia",
        initials: "WOM",
        colour: "#5b2c83",
        commissionBps: 600,
        airtime: fixed("5000", "10000", "20000", "40000"),
        prefixes: ["350", "351"],
      },
    ],
  },
  {
    iso: "DO",
    currency: "DOP",
    operators: [
      {
        id: 601,
        name: "Claro Dominicana",
        initials: "CLA",
        colour: "#da291c",
        commissionBps: 450,
        airtime: fixed("50", "100", "200", "300", "500", "1000"),
        bundles: [bundle("Claro Internet 7 días", "300", "7 days", "5 GB of data")],
        prefixes: ["809"],
      },
      {
        id: 602,
        name: "Altice Dominicana",
        initials: "ALT",
        colour: "#1d1d1b",
        commissionBps: 500,
        airtime: range("25", "5000"),
        prefixes: ["829"],
      },
      {
        id: 603,
        name: "Viva Dominicana",
        initials: "VIVA",
        colour: "#e2007a",
        commissionBps: 600,
        airtime: fixed("50", "100", "200", "500"),
        prefixes: ["849"],
      },
    ],
  },
  {
    iso: "PE",
    currency: "PEN",
    operators: [
      {
        id: 701,
        name: "Claro Perú",
        initials: "CLA",
        colour: "#da291c",
        commissionBps: 450,
        airtime: fixed("5", "10", "20", "30", "50", "100"),
        bundles: [bundle("Claro Paquete 30 días", "30", "30 days", "10 GB and unlimited calls")],
        prefixes: ["94", "95"],
      },
      {
        id: 702,
        name: "Movistar Perú",
        initials: "MOV",
        colour: "#019df4",
        commissionBps: 500,
        airtime: range("3", "300"),
        prefixes: ["91", "96", "98"],
      },
      {
        id: 703,
        name: "Entel Perú",
        initials: "ENT",
        colour: "#002eff",
        commissionBps: 500,
        airtime: fixed("5", "10", "20", "50"),
        prefixes: ["97", "99"],
      },
      {
        id: 704,
        name: "Bitel",
        initials: "BIT",
        colour: "#00a19b",
        commissionBps: 650,
        airtime: fixed("5", "10", "15", "30"),
        prefixes: ["93"],
      },
    ],
  },
  {
    iso: "PH",
    currency: "PHP",
    operators: [
      {
        id: 801,
        name: "Globe Telecom",
        initials: "GLO",
        colour: "#0056a4",
        commissionBps: 500,
        airtime: range("10", "1000"),
        bundles: [
          bundle("Go50", "50", "3 days", "5 GB of open-access data"),
          bundle("Go99", "99", "7 days", "8 GB of open-access data"),
        ],
        prefixes: [
          "905",
          "906",
          "915",
          "916",
          "917",
          "926",
          "927",
          "935",
          "936",
          "945",
          "955",
          "956",
          "965",
          "966",
          "967",
          "975",
          "976",
          "977",
          "995",
          "997",
        ],
      },
      {
        id: 802,
        name: "Smart Communications",
        initials: "SMA",
        colour: "#00a651",
        commissionBps: 500,
        airtime: fixed("50", "100", "150", "300", "500"),
        bundles: [bundle("Magic Data 99", "99", "no expiry", "6 GB of non-expiring data")],
        prefixes: [
          "908",
          "918",
          "919",
          "920",
          "921",
          "928",
          "929",
          "939",
          "947",
          "949",
          "951",
          "961",
          "998",
          "999",
        ],
      },
      {
        id: 803,
        name: "DITO Telecommunity",
        initials: "DITO",
        colour: "#e4002b",
        commissionBps: 600,
        airtime: fixed("50", "100", "200", "500"),
        prefixes: ["991", "992", "993", "994", "895", "896", "897", "898"],
      },
    ],
  },
  {
    iso: "IN",
    currency: "INR",
    operators: [
      {
        id: 901,
        name: "Airtel India",
        initials: "AIR",
        colour: "#e40000",
        commissionBps: 300,
        airtime: range("10", "5000"),
        bundles: [
          bundle("Airtel Unlimited 299", "299", "28 days", "1.5 GB a day, unlimited calls, 100 SMS a day"),
        ],
        prefixes: ["98", "97", "96"],
      },
      {
        id: 902,
        name: "Jio",
        initials: "JIO",
        colour: "#0f3cc9",
        commissionBps: 250,
        airtime: fixed("149", "199", "239", "299", "666"),
        bundles: [bundle("Jio 349", "349", "28 days", "2 GB a day, unlimited calls, 100 SMS a day")],
        prefixes: ["70", "79", "89", "62"],
      },
      {
        id: 903,
        name: "Vi (Vodafone Idea)",
        initials: "VI",
        colour: "#ee2737",
        commissionBps: 350,
        airtime: range("10", "3000"),
        prefixes: ["99", "95", "91"],
      },
      {
        id: 904,
        name: "BSNL",
        initials: "BSNL",
        colour: "#f58220",
        commissionBps: 400,
        airtime: fixed("50", "100", "200", "500"),
        prefixes: ["94"],
      },
    ],
  },
  {
    iso: "NG",
    currency: "NGN",
    operators: [
      {
        id: 1001,
        name: "MTN Nigeria",
        initials: "MTN",
        colour: "#ffcb05",
        commissionBps: 400,
        airtime: range("100", "50000"),
        bundles: [bundle("MTN 2 GB Monthly", "1500", "30 days", "2 GB of data")],
        prefixes: ["803", "806", "703", "706", "813", "816", "810", "814", "903", "906"],
      },
      {
        id: 1002,
        name: "Airtel Nigeria",
        initials: "AIR",
        colour: "#e40000",
        commissionBps: 400,
        airtime: range("100", "50000"),
        prefixes: ["802", "808", "708", "812", "701", "902", "907", "901"],
      },
      {
        id: 1003,
        name: "Glo Mobile",
        initials: "GLO",
        colour: "#4caf2d",
        commissionBps: 450,
        airtime: fixed("100", "200", "500", "1000", "2000"),
        prefixes: ["805", "807", "705", "815", "811", "905"],
      },
      {
        id: 1004,
        name: "9mobile",
        initials: "9M",
        colour: "#006e53",
        commissionBps: 500,
        airtime: fixed("100", "200", "500", "1000"),
        prefixes: ["809", "817", "818", "909", "908"],
      },
    ],
  },
  {
    iso: "KE",
    currency: "KES",
    operators: [
      {
        id: 1101,
        name: "Safaricom",
        initials: "SAF",
        colour: "#43b02a",
        commissionBps: 400,
        airtime: range("10", "10000"),
        bundles: [bundle("Safaricom 1.5 GB", "250", "3 days", "1.5 GB of data")],
        prefixes: ["70", "71", "72", "74", "79", "110", "111"],
      },
      {
        id: 1102,
        name: "Airtel Kenya",
        initials: "AIR",
        colour: "#e40000",
        commissionBps: 450,
        airtime: fixed("50", "100", "250", "500", "1000"),
        prefixes: ["73", "75", "78", "100", "101", "102"],
      },
      {
        id: 1103,
        name: "Telkom Kenya",
        initials: "TK",
        colour: "#00a0df",
        commissionBps: 550,
        airtime: fixed("50", "100", "200", "500"),
        prefixes: ["77"],
      },
    ],
  },
  {
    iso: "US",
    currency: "USD",
    // Area codes say nothing of the carrier in the USA: no prefix table, the customer chooses.
    operators: [
      {
        id: 1201,
        name: "AT&T Prepaid",
        initials: "AT&T",
        colour: "#00a8e0",
        commissionBps: 300,
        airtime: fixed("15", "25", "40", "50", "65"),
        prefixes: [],
      },
      {
        id: 1202,
        name: "T-Mobile Prepaid",
        initials: "T",
        colour: "#e20074",
        commissionBps: 300,
        airtime: range("10", "100"),
        prefixes: [],
      },
      {
        id: 1203,
        name: "Verizon Prepaid",
        initials: "VZ",
        colour: "#cd040b",
        commissionBps: 300,
        airtime: fixed("30", "45", "60", "80"),
        prefixes: [],
      },
    ],
  },
  {
    iso: "ES",
    currency: "EUR",
    operators: [
      {
        id: 1301,
        name: "Movistar España",
        initials: "MOV",
        colour: "#019df4",
        commissionBps: 400,
        airtime: fixed("5", "10", "15", "20", "30"),
        prefixes: ["609", "619", "629", "639"],
      },
      {
        id: 1302,
        name: "Vodafone España",
        initials: "VOD",
        colour: "#e60000",
        commissionBps: 400,
        airtime: fixed("10", "15", "20", "25"),
        bundles: [bundle("Vodafone Yu 15 GB", "15", "28 days", "15 GB and unlimited calls in Spain")],
        prefixes: ["607", "617", "627", "667"],
      },
      {
        id: 1303,
        name: "Orange España",
        initials: "ORA",
        colour: "#ff7900",
        commissionBps: 450,
        airtime: range("5", "50"),
        prefixes: ["616", "626", "656", "666"],
      },
    ],
  },
];

function productsOf(source: OperatorSource, currencyIso: string): TopupProductDef[] {
  const decimals = currencyDecimals(currencyIso);
  const money = (amount: string) => toCurrencyAmount(amount, decimals);
  const products: TopupProductDef[] = [];
  const next = () => source.id * 100 + products.length + 1;
  if ("fixed" in source.airtime) {
    for (const amount of source.airtime.fixed) {
      products.push({
        id: next(),
        operatorId: source.id,
        name: `${source.name} ${money(amount)} ${currencyIso}`,
        kind: "airtime",
        type: "FIXED",
        currencyIso,
        amount: money(amount),
        min: null,
        max: null,
        description: `${money(amount)} ${currencyIso} of airtime credit`,
        validity: null,
      });
    }
  } else {
    const [min, max] = source.airtime.range;
    products.push({
      id: next(),
      operatorId: source.id,
      name: `${source.name} airtime`,
      kind: "airtime",
      type: "RANGE",
      currencyIso,
      amount: null,
      min: money(min),
      max: money(max),
      description: `Any amount of airtime credit from ${money(min)} to ${money(max)} ${currencyIso}`,
      validity: null,
    });
  }
  for (const item of source.bundles ?? []) {
    products.push({
      id: next(),
      operatorId: source.id,
      name: item.name,
      kind: "data",
      type: "FIXED",
      currencyIso,
      amount: money(item.amount),
      min: null,
      max: null,
      description: item.description,
      validity: item.validity,
    });
  }
  return products;
}

export const TOPUP_OPERATORS: TopupOperatorDef[] = SOURCES.flatMap((country) =>
  country.operators.map((source) => ({
    id: source.id,
    name: source.name,
    logoUrl: logoDataUrl(source.initials, source.colour, source.colour === "#ffcb05" ? "#000000" : "#ffffff"),
    countryIso: country.iso,
    currencyIso: country.currency,
    commissionBps: source.commissionBps,
    products: productsOf(source, country.currency),
  })),
);

/** The countries the sandbox tops up in. */
export const TOPUP_COUNTRIES: string[] = SOURCES.map((country) => country.iso);

/** Per country, national-number prefixes to operator ids, longest first (the longest match wins). */
export const TOPUP_PREFIXES: Record<string, Array<[string, number]>> = Object.fromEntries(
  SOURCES.map((country) => [
    country.iso,
    country.operators
      .flatMap((source) => source.prefixes.map((prefix): [string, number] => [prefix, source.id]))
      .sort((a, b) => b[0].length - a[0].length),
  ]),
);

/**
 * The corridors' countries: where Vela sends from (licensed markets, paying in their currency) and
 * where it delivers (with the delivery methods offered there). The pricing seed builds corridors from
 * these, and the consignment (and home page) country lists are these same countries.
 */
export const SHIPPING_METHODS = [
  { slug: "vela", name: "Vela wallet" },
  { slug: "bank-deposit", name: "Bank deposit" },
  { slug: "cash-pickup", name: "Cash pickup" },
  { slug: "mobile-wallet", name: "Mobile wallet" },
  { slug: "home-delivery", name: "Home delivery" },
] as const;
export type MethodSlug = (typeof SHIPPING_METHODS)[number]["slug"];

/** How the purchase services deliver (issue 11): no corridor prices them; their quotations name them. */
export const PURCHASE_DELIVERY_METHODS = [
  { slug: "mobile-top-up", name: "Mobile top-up" },
  { slug: "gift-card", name: "Gift card by e-mail" },
  { slug: "bill-payment", name: "Bill payment" },
] as const;

export const ORIGINS = [
  { country: "US", currency: "USD" },
  { country: "CA", currency: "CAD" },
  { country: "GB", currency: "GBP" },
  { country: "ES", currency: "EUR" },
  { country: "DE", currency: "EUR" },
  { country: "FR", currency: "EUR" },
] as const;

/** Destinations with the methods offered there; `exotic` currencies carry a wider margin. */
export const DESTINATIONS: { country: string; currency: string; methods: MethodSlug[]; exotic?: boolean }[] =
  [
    { country: "MX", currency: "MXN", methods: ["vela", "bank-deposit", "cash-pickup", "home-delivery"] },
    { country: "BR", currency: "BRL", methods: ["vela", "bank-deposit"] },
    { country: "EC", currency: "USD", methods: ["vela", "bank-deposit", "cash-pickup"] },
    { country: "SV", currency: "USD", methods: ["vela", "bank-deposit", "cash-pickup", "home-delivery"] },
    { country: "PA", currency: "USD", methods: ["vela", "bank-deposit", "cash-pickup"] },
    { country: "IN", currency: "INR", methods: ["vela", "bank-deposit", "cash-pickup"] },
    {
      country: "PH",
      currency: "PHP",
      methods: ["vela", "bank-deposit", "cash-pickup", "mobile-wallet", "home-delivery"],
    },
    { country: "ID", currency: "IDR", methods: ["vela", "bank-deposit", "cash-pickup", "mobile-wallet"] },
    { country: "CN", currency: "CNY", methods: ["vela", "bank-deposit"] },
    { country: "TH", currency: "THB", methods: ["vela", "bank-deposit"] },
    { country: "MY", currency: "MYR", methods: ["vela", "bank-deposit"] },
    { country: "KR", currency: "KRW", methods: ["vela", "bank-deposit"] },
    { country: "ZA", currency: "ZAR", methods: ["vela", "bank-deposit", "cash-pickup"] },
    {
      country: "SN",
      currency: "XOF",
      methods: ["vela", "bank-deposit", "cash-pickup", "mobile-wallet"],
      exotic: true,
    },
    {
      country: "CI",
      currency: "XOF",
      methods: ["vela", "bank-deposit", "cash-pickup", "mobile-wallet"],
      exotic: true,
    },
    {
      country: "CM",
      currency: "XAF",
      methods: ["vela", "bank-deposit", "cash-pickup", "mobile-wallet"],
      exotic: true,
    },
    { country: "CV", currency: "CVE", methods: ["vela", "bank-deposit", "cash-pickup"], exotic: true },
    { country: "CO", currency: "COP", methods: ["vela", "bank-deposit", "cash-pickup"] },
  ];

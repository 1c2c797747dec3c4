/** Where from and where to, in what: the part of a price request every corridor endpoint takes. */
export type Corridor = {
  country_from_id: number;
  country_to_id: number;
  currency_from_id: number;
  currency_to_id: number;
};

/** A corridor with its delivery method: what limits and prices are asked for. */
export type PricedCorridor = Corridor & { shipping_method_id: number };

export interface CurrencyRatesTable {
  divisa: string;
  /** a date column: always read through `fecha::text` so no time zone shifts it */
  fecha: string;
  perUsd: number;
  valueClp: number | null;
  source: string;
}

export interface CurrencyRatesTables {
  currencyRates: CurrencyRatesTable;
}

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

/** The rate an amount was converted with, as an operation and a ROE filing keep it (migration 0610). */
export interface RateUsed {
  divisa: string;
  /** the day converted on */
  day: string;
  /** the day of the rate used (the last one on or before `day`) */
  rateDate: string;
  /** units of divisa per 1 USD */
  perUsd: number;
  source: string;
}

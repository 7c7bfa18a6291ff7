/**
 * Brazilian modulo-11 check digit shared by CPF and CNPJ: r = sum(value * weight) mod 11;
 * r < 2 gives 0, otherwise 11 - r. `values` and `weights` are aligned left to right.
 */
export function brazilMod11(values: readonly number[], weights: readonly number[]): number {
  if (values.length !== weights.length) throw new RangeError('values and weights differ in length');
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += (values[i] ?? 0) * (weights[i] ?? 0);
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

/** True when every character of the string is the same one (111.111.111-11 passes the checksum but is not real). */
export function isAllSameChar(value: string): boolean {
  return value.length > 0 && value.split('').every((c) => c === value[0]);
}

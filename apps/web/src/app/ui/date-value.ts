/**
 * The values of the one date input (DateField, DateTimeField): what is typed is read as dd/mm/yyyy in every language
 * (the format of the screens, app/format); what the form holds and sends is ISO: the plain date 'YYYY-MM-DD', or the
 * local date and time 'YYYY-MM-DDTHH:mm' (a datetime-local value, which the form turns into an instant).
 */

const pad2 = (n: number | string) => String(n).padStart(2, '0');

/** A typed date (dd/mm/yyyy, with / . or - between, day and month of one or two digits) as 'YYYY-MM-DD'; null if it is not a real day. */
export function parseTypedDate(input: string): string | null {
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(input.trim());
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

/** The plain date of what the date picker gives ('YYYY-MM-DD', or with a time after it); '' for none. */
export function plainDate(value: string | null | undefined): string {
  return value ? value.slice(0, 10) : '';
}

/** A 'YYYY-MM-DDTHH:mm' value as its date and its time ('' where missing). */
export function splitDateTime(value: string): { date: string; time: string } {
  const m = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}))?/.exec(value);
  return { date: m?.[1] ?? '', time: m?.[2] ?? '' };
}

/** A date and a time ('HH:mm' or 'HH:mm:ss') as 'YYYY-MM-DDTHH:mm'; '' without a date, 'YYYY-MM-DDT' without a time. */
export function joinDateTime(date: string, time: string): string {
  if (!date) return '';
  return `${date}T${time.slice(0, 5)}`;
}

/**
 * Business days of the two countries RegCheck serves (issue 23): Monday to Friday except the country's public
 * holidays, which are dated data below (Chile's for the Ley Karin deadlines of the whistleblowing channel, Brazil's
 * for the COAF communication of cash operations, due the next business day). Dates are the country's calendar dates
 * (YYYY-MM-DD). The one business-day function of both: `addBusinessDays(iso, n, country)`.
 *
 * Past the data (a year after the last dated one, see CALENDARS) the calendar is the conservative one: Monday to Friday with no
 * holiday at all, so a due date can only come earlier than the law's, never later; and whoever computes it is told
 * (`onMissingYear`) so that the year is added here.
 */

export type HolidayCountry = 'CL' | 'BR';

/**
 * Chilean public holidays (Ley 2.977 and later laws: Ley 19.668 moves 29 June and 12 October to a Monday, Ley 20.299
 * moves 31 October to a Friday, Ley 21.357 dates the indigenous peoples' day on the winter solstice). 2027 is dated
 * by those rules: Easter is 28 March, 29 June (a Tuesday) moves to Monday 28 June, 12 October (a Tuesday) to Monday
 * 11 October; 17 September 2027 (a Friday) is not a holiday by the laws in force (only a Monday 17 or a Friday 20
 * is), so it is left out, which can only bring a due date earlier. Special laws for a single year (an election, a
 * bridge day) are added here when they are published.
 */
export const CHILE_HOLIDAYS: Readonly<Record<string, string>> = {
  '2026-01-01': 'Año Nuevo',
  '2026-04-03': 'Viernes Santo',
  '2026-04-04': 'Sábado Santo',
  '2026-05-01': 'Día Nacional del Trabajo',
  '2026-05-21': 'Día de las Glorias Navales',
  '2026-06-21': 'Día Nacional de los Pueblos Indígenas',
  '2026-06-29': 'San Pedro y San Pablo',
  '2026-07-16': 'Día de la Virgen del Carmen',
  '2026-08-15': 'Asunción de la Virgen',
  '2026-09-18': 'Independencia Nacional',
  '2026-09-19': 'Día de las Glorias del Ejército',
  '2026-10-12': 'Encuentro de Dos Mundos',
  '2026-10-31': 'Día de las Iglesias Evangélicas y Protestantes',
  '2026-11-01': 'Día de Todos los Santos',
  '2026-12-08': 'Inmaculada Concepción',
  '2026-12-25': 'Navidad',
  '2027-01-01': 'Año Nuevo',
  '2027-03-26': 'Viernes Santo',
  '2027-03-27': 'Sábado Santo',
  '2027-05-01': 'Día Nacional del Trabajo',
  '2027-05-21': 'Día de las Glorias Navales',
  '2027-06-21': 'Día Nacional de los Pueblos Indígenas',
  '2027-06-28': 'San Pedro y San Pablo',
  '2027-07-16': 'Día de la Virgen del Carmen',
  '2027-08-15': 'Asunción de la Virgen',
  '2027-09-18': 'Independencia Nacional',
  '2027-09-19': 'Día de las Glorias del Ejército',
  '2027-10-11': 'Encuentro de Dos Mundos',
  '2027-10-31': 'Día de las Iglesias Evangélicas y Protestantes',
  '2027-11-01': 'Día de Todos los Santos',
  '2027-12-08': 'Inmaculada Concepción',
  '2027-12-25': 'Navidad',
  '2028-01-01': 'Año Nuevo',
};

/**
 * Brazilian national holidays (decision 149): the fixed dates of Lei 662/1949 with Lei 6.802/1980 (12 October),
 * Lei 10.607/2002 (21 April, 1 May, 7 September, 2 and 15 November, 25 December) and Lei 14.759/2023 (20 November,
 * Dia Nacional de Zumbi e da Consciência Negra, national since 2024); and the movable days the federal calendar
 * publishes every year (Portaria of the Ministério da Gestão e da Inovação em Serviços Públicos) on which banks do not
 * open: Carnival Monday and Tuesday (Easter − 48 and − 47), Good Friday (Easter − 2) and Corpus Christi (Easter + 60).
 * Easter: 20 April 2025, 5 April 2026, 28 March 2027. State and municipal holidays are not here (national only).
 */
export const BRAZIL_HOLIDAYS: Readonly<Record<string, string>> = {
  '2025-01-01': 'Confraternização Universal',
  '2025-03-03': 'Carnaval',
  '2025-03-04': 'Carnaval',
  '2025-04-18': 'Paixão de Cristo',
  '2025-04-21': 'Tiradentes',
  '2025-05-01': 'Dia do Trabalho',
  '2025-06-19': 'Corpus Christi',
  '2025-09-07': 'Independência do Brasil',
  '2025-10-12': 'Nossa Senhora Aparecida',
  '2025-11-02': 'Finados',
  '2025-11-15': 'Proclamação da República',
  '2025-11-20': 'Dia Nacional de Zumbi e da Consciência Negra',
  '2025-12-25': 'Natal',
  '2026-01-01': 'Confraternização Universal',
  '2026-02-16': 'Carnaval',
  '2026-02-17': 'Carnaval',
  '2026-04-03': 'Paixão de Cristo',
  '2026-04-21': 'Tiradentes',
  '2026-05-01': 'Dia do Trabalho',
  '2026-06-04': 'Corpus Christi',
  '2026-09-07': 'Independência do Brasil',
  '2026-10-12': 'Nossa Senhora Aparecida',
  '2026-11-02': 'Finados',
  '2026-11-15': 'Proclamação da República',
  '2026-11-20': 'Dia Nacional de Zumbi e da Consciência Negra',
  '2026-12-25': 'Natal',
  '2027-01-01': 'Confraternização Universal',
  '2027-02-08': 'Carnaval',
  '2027-02-09': 'Carnaval',
  '2027-03-26': 'Paixão de Cristo',
  '2027-04-21': 'Tiradentes',
  '2027-05-01': 'Dia do Trabalho',
  '2027-05-27': 'Corpus Christi',
  '2027-09-07': 'Independência do Brasil',
  '2027-10-12': 'Nossa Senhora Aparecida',
  '2027-11-02': 'Finados',
  '2027-11-15': 'Proclamação da República',
  '2027-11-20': 'Dia Nacional de Zumbi e da Consciência Negra',
  '2027-12-25': 'Natal',
  '2028-01-01': 'Confraternização Universal',
};

const CALENDARS: Readonly<
  Record<HolidayCountry, { holidays: Readonly<Record<string, string>>; from: number; through: number }>
> = {
  CL: { holidays: CHILE_HOLIDAYS, from: 2026, through: 2027 },
  BR: { holidays: BRAZIL_HOLIDAYS, from: 2025, through: 2027 },
};

/** The first and the last year whose holidays are all dated for the country. */
export function knownYears(country: HolidayCountry): { from: number; through: number } {
  const { from, through } = CALENDARS[country];
  return { from, through };
}

/** Whether the holidays of the year of `iso` are known for the country (New Year of the following year is there too). */
export function holidaysKnownIn(country: HolidayCountry, iso: string): boolean {
  const { from, through } = CALENDARS[country];
  const year = Number(iso.slice(0, 4));
  return (year >= from && year <= through) || iso === `${through + 1}-01-01`;
}

/** Called once per year a business-day count crossed without holiday data. */
export type MissingHolidayYear = (year: number) => void;

const toUtc = (iso: string) => new Date(`${iso}T00:00:00Z`);

export function addCalendarDays(iso: string, days: number): string {
  const d = toUtc(iso);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Monday to Friday and not one of the country's holidays; a day of a year without data counts as a business day. */
export function isBusinessDayIn(country: HolidayCountry, iso: string): boolean {
  const wd = toUtc(iso).getUTCDay();
  return wd !== 0 && wd !== 6 && !(iso in CALENDARS[country].holidays);
}

/**
 * The date `n` business days after `iso` in the country (the day itself does not count). A stretch past the holiday
 * data counts weekdays only (the earliest possible date) and reports each such year to `onMissingYear`.
 */
export function addBusinessDays(
  iso: string,
  n: number,
  country: HolidayCountry,
  onMissingYear?: MissingHolidayYear,
): string {
  let d = iso;
  let left = n;
  const missing = new Set<number>();
  while (left > 0) {
    d = addCalendarDays(d, 1);
    if (!holidaysKnownIn(country, d)) missing.add(Number(d.slice(0, 4)));
    if (isBusinessDayIn(country, d)) left--;
  }
  for (const year of missing) onMissingYear?.(year);
  return d;
}

/** The last business day strictly before `iso` in the country. */
export function previousBusinessDay(iso: string, country: HolidayCountry): string {
  let d = addCalendarDays(iso, -1);
  while (!isBusinessDayIn(country, d)) d = addCalendarDays(d, -1);
  return d;
}

const TIME_ZONES: Record<HolidayCountry, string> = { CL: 'America/Santiago', BR: 'America/Sao_Paulo' };

/** The calendar date (YYYY-MM-DD) of an instant in the country (Brazil: Brasília time). */
export function localDate(country: HolidayCountry, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONES[country],
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** The wall-clock time (HH:MM, or HH:MM:SS, 24 hours) of an instant in the country (Brazil: Brasília time). */
export function localTime(country: HolidayCountry, at: Date, o: { seconds?: boolean } = {}): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONES[country],
    hour: '2-digit',
    minute: '2-digit',
    ...(o.seconds ? { second: '2-digit' as const } : {}),
    hourCycle: 'h23',
  }).format(at);
}

import { meetsCountry, PERMISSIONS } from '@regcheck/shared/permissions';
import { CoafProtocol } from '@regcheck/shared/schemas/coaf';

/**
 * COAF for Brazil (issue 23, point 3; decision 150): the communication of cash operations to the COAF is Brazil's,
 * as the ROE is Chile's. The permission table's condition of the COAF routes (coafReports), so the screens and the
 * server agree: a Chilean company's users never see its page, link or dashboard figure.
 */
export function coafApplies(country: string | null | undefined): boolean {
  return meetsCountry(PERMISSIONS.coafReports.country, country);
}

/** The key (coaf namespace) of what is wrong with a protocol number as typed, or null when it is fine. */
export function protocolProblem(value: string): string | null {
  if (!value.trim()) return 'coaf:dialog.protocolRequired';
  return CoafProtocol.safeParse(value).success ? null : 'coaf:dialog.protocolInvalid';
}

/**
 * What is wrong with the date a communication was sent: none given, or outside the operation's day to today (the
 * server refuses the same, naming the range).
 */
export function communicatedOnProblem(value: string, operationDate: string, today: string): string | null {
  if (!value) return 'coaf:dialog.communicatedOnRequired';
  if (value < operationDate || value > today) return 'coaf:errors.COAF_COMMUNICATED_ON_INVALID';
  return null;
}

/** Today's date in Brasília (YYYY-MM-DD): the day the COAF deadlines are counted in. */
export function brazilToday(at = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** The figure of the home dashboard: what to say, and whether it calls for attention (something late). */
export function coafFigure(counts: { due: number; late: number } | null | undefined) {
  if (!counts) return null;
  if (counts.late > 0) return { tone: 'red' as const, state: 'late' as const };
  if (counts.due > 0) return { tone: 'orange' as const, state: 'due' as const };
  return { tone: 'teal' as const, state: 'none' as const };
}

/** An amount in reais with its two decimals, in the page's notation: 'R$ 60.000,00' (pt-BR, es), 'R$ 60,000.00' (en). */
export function formatBrl(n: number, locale: string): string {
  const text = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: 'always',
  }).format(n);
  return `R$ ${text}`;
}

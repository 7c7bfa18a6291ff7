import { formatDate } from '@regcheck/shared/format/date';

/** An instant as dd/mm/yyyy hh:mm in the browser's time zone. */
export function formatWhen(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone: tz,
  }).format(d);
  return `${formatDate(d, { timeZone: tz })} ${time}`;
}

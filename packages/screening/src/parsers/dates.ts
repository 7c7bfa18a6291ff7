const MONTHS: Record<string, string> = {
  jan: '01',
  feb: '02',
  mar: '03',
  apr: '04',
  may: '05',
  jun: '06',
  jul: '07',
  aug: '08',
  sep: '09',
  oct: '10',
  nov: '11',
  dec: '12',
};

/**
 * Parses the date spellings of lists ("19 Jun 1951", "Jun 1951", "1951", "circa 1960", "1960 to 1962",
 * "1951-06-19", "19/06/1951") into 'YYYY', 'YYYY-MM' or 'YYYY-MM-DD' values.
 */
export function parseListDate(s: string): string[] {
  const t = s
    .trim()
    .toLowerCase()
    .replace(/^(circa|approximately|about|ca\.?)\s+/, '');
  let m = /^(\d{4})\s*(?:to|-|–)\s*(\d{4})$/.exec(t);
  if (m) {
    const from = Number(m[1]);
    const to = Number(m[2]);
    const out: string[] = [];
    for (let y = from; y <= to && out.length < 15; y++) out.push(String(y));
    return out;
  }
  m = /^(\d{4})-(\d{2})(?:-(\d{2}))?/.exec(t);
  if (m) return [m[3] ? `${m[1]}-${m[2]}-${m[3]}` : `${m[1]}-${m[2]}`];
  m = /^(\d{1,2})\s+([a-z]{3})[a-z]*\.?\s+(\d{4})$/.exec(t);
  if (m && MONTHS[m[2] as string]) return [`${m[3]}-${MONTHS[m[2] as string]}-${(m[1] as string).padStart(2, '0')}`];
  m = /^([a-z]{3})[a-z]*\.?\s+(\d{4})$/.exec(t);
  if (m && MONTHS[m[1] as string]) return [`${m[2]}-${MONTHS[m[1] as string]}`];
  m = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(t);
  if (m) return [`${m[3]}-${(m[2] as string).padStart(2, '0')}-${(m[1] as string).padStart(2, '0')}`];
  m = /^(\d{4})$/.exec(t);
  if (m) return [m[1] as string];
  return [];
}

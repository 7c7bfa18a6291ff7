/** A generated list file of `n` people (entities-csv), deterministic: the crash, event-loop and load tests import it. */
const SYL = ['ka', 'lo', 'mi', 'ra', 'sen', 'tor', 'val', 'di', 'an', 'bel', 'cor', 'du', 'fer', 'gar', 'hu', 'ir'];
const COUNTRIES = ['CL', 'BR', 'AR', 'PE', 'CO', 'MX', 'US', 'ES', 'VE', 'BO'];

function word(i: number, salt: number): string {
  let x = (i * 2654435761 + salt * 40503) >>> 0;
  let w = '';
  const len = 2 + (x % 3);
  for (let k = 0; k < len; k++) {
    w += SYL[x % SYL.length];
    x = Math.floor(x / SYL.length) + 7919 * (k + 1);
  }
  return w.charAt(0).toUpperCase() + w.slice(1);
}

/** The name of the generated entry `i` (its first name, two surnames and the entry number as a distinct word). */
export function generatedName(i: number): string {
  return `${word(i, 1)} ${word(i, 2)} ${word(i, 3)} Gen${i}`;
}

export function generatedListCsv(n: number): string {
  const lines = ['id,name,aliases,country,birthDate,programs'];
  for (let i = 1; i <= n; i++) {
    const year = 1940 + (i % 60);
    const month = String(1 + (i % 12)).padStart(2, '0');
    lines.push(
      `G${i},${generatedName(i)},${word(i, 4)} ${word(i, 2)},${COUNTRIES[i % COUNTRIES.length]},${year}-${month}-15,GEN`,
    );
  }
  return `${lines.join('\n')}\n`;
}

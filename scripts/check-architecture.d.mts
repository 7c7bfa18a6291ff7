/** Every finding of the house rules for the sources under root, one line each (none: the rules hold). */
export function checkArchitecture(root: string): string[];

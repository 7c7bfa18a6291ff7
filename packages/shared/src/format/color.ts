/** The colour of an e-mail profile when none is chosen. */
export const DEFAULT_BRAND_COLOR = '#1c7ed6';

/**
 * Black or white, whichever reads better on a '#rrggbb' background (WCAG relative luminance): the text of an e-mail
 * profile's band, in the sent e-mail and in its preview alike. White when the colour is not '#rrggbb'.
 */
export function textOnColor(hex: string | null | undefined): '#fff' | '#000' {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex ?? '');
  if (!m?.[1]) return '#fff';
  const n = Number.parseInt(m[1], 16);
  const lin = (c: number) => {
    const x = c / 255;
    return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * lin((n >> 16) & 255) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255);
  // contrast with white (1.05 / (l + 0.05)) against contrast with black ((l + 0.05) / 0.05)
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#fff' : '#000';
}

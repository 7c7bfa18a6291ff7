/** Widths of the spec: sidebar 220 px, 80 px collapsed, 60 px on narrow screens; account panel 529 px. */
export const SIDEBAR_WIDTH = 220;
export const SIDEBAR_COLLAPSED_WIDTH = 80;
export const SIDEBAR_NARROW_WIDTH = 60;
export const ACCOUNT_PANEL_WIDTH = 529;
/** Popover hide delay of the collapsed sidebar. */
export const POPOVER_CLOSE_DELAY_MS = 300;
/** Below this width the sidebar is narrow (60 px, icons only). */
export const NARROW_QUERY = '(max-width: 48em)';

/** NavLink styles of the icon-only sidebar: the icon centred in the narrow column. */
export const COMPACT_NAVLINK_STYLES = {
  root: { justifyContent: 'center', paddingInline: 0 },
  section: { marginInlineEnd: 0 },
  body: { display: 'none' },
} as const;

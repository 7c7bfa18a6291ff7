import { type CSSVariablesResolver, createTheme } from '@mantine/core';

/** Dropdown max height of the spec: 350 px for every select-like input. */
export const DROPDOWN_MAX_HEIGHT = 350;

// plain objects rather than Select.extend(): importing the components here would pull the combobox and
// floating-ui code into the first chunk
const dropdown = { defaultProps: { maxDropdownHeight: DROPDOWN_MAX_HEIGHT } };
/**
 * A select keeps its value when its chosen option is clicked again (Mantine's default, allowDeselect, emptied it: a
 * required field went blank without a word, issue 27). Only a select with `clearable` can be emptied, by its ×.
 */
export const SELECT_DEFAULT_PROPS = { maxDropdownHeight: DROPDOWN_MAX_HEIGHT, allowDeselect: false } as const;

export const theme = createTheme({
  primaryColor: 'blue',
  // shade 8 (not Mantine's 6): white text on a filled button and coloured text on a light badge reach WCAG AA
  primaryShade: { light: 8, dark: 8 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  components: {
    Select: { defaultProps: SELECT_DEFAULT_PROPS },
    MultiSelect: dropdown,
    Autocomplete: dropdown,
    TagsInput: dropdown,
    // a badge never shrinks below its text (a table column or a tight group used to cut "EN CURSO" to "EN C…")
    Badge: { styles: { root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } } },
    // a toast with a title writes its message in gray 6 (3.3:1 on white, under AA): gray 7 keeps it secondary and legible
    Notification: {
      styles: (_theme: unknown, props: { title?: unknown }) =>
        props.title ? { description: { color: 'var(--mantine-color-gray-7)' } } : {},
    },
  },
});

/**
 * The light hues darkened where Mantine's own shades miss WCAG AA (axe color-contrast): the text of a light badge or
 * alert on its tint, and the fill behind white text (filled badge or button) and the outline. Each value is the
 * Mantine shade (9 for text, 8 for fills) darkened just enough for 4.5:1.
 */
const AA_FIX: Record<string, { text: string; fill: string }> = {
  red: { text: '#bf2828', fill: '#d52f2f' },
  cyan: { text: '#0b7285', fill: '#0b7e91' },
  teal: { text: '#087956', fill: '#08835e' },
  green: { text: '#257535', fill: '#28863a' },
  lime: { text: '#4a760a', fill: '#4d7e0b' },
  yellow: { text: '#a15300', fill: '#a86200' },
  orange: { text: '#b83d0d', fill: '#c54c0a' },
};
const AA_TEXT: Record<string, string> = Object.fromEntries(
  Object.entries(AA_FIX).flatMap(([c, v]) => [
    [`--mantine-color-${c}-light-color`, v.text],
    [`--mantine-color-${c}-filled`, v.fill],
    [`--mantine-color-${c}-outline`, v.fill],
  ]),
);

/** Dimmed text and placeholders in gray 7 (Mantine: gray 6 and 5): secondary text on white keeps a 4.5:1 contrast. */
export const cssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    ...AA_TEXT,
  },
  dark: {},
});

import { createTheme } from '@mantine/core';

/** Dropdown max height of the spec: 350 px for every select-like input. */
export const DROPDOWN_MAX_HEIGHT = 350;

// plain objects rather than Select.extend(): importing the components here would pull the combobox and
// floating-ui code into the first chunk
const dropdown = { defaultProps: { maxDropdownHeight: DROPDOWN_MAX_HEIGHT } };

export const theme = createTheme({
  primaryColor: 'blue',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  components: {
    Select: dropdown,
    MultiSelect: dropdown,
    Autocomplete: dropdown,
    TagsInput: dropdown,
  },
});

/** At most this many supporting documents (addfile) per form. */
export const MAX_FORM_FILES = 10;

import { notifications } from '@mantine/notifications';
import { i18n } from '../i18n/i18n';

/** Toasts of the spec: 5000 ms, success or error; shown top-center so that they never cover a form's buttons. */
export const TOAST_MS = 5000;

/** One toast; its close button is named in the page's language (axe button-name: an icon-only button needs a name). */
function show(color: string, message: string, title?: string, id?: string): void {
  notifications.show({
    ...(id ? { id } : {}),
    color,
    title,
    message,
    autoClose: TOAST_MS,
    withBorder: true,
    closeButtonProps: { 'aria-label': i18n.t('common:close') },
  });
}

export function notifySuccess(message: string, title?: string): void {
  show('teal', message, title);
}

export function notifyError(message: string, title?: string): void {
  show('red', message, title);
}

/** The guard's toast when it turns a user away from a page (one at a time: the same id replaces it). */
export function notifyForbidden(message: string): void {
  show('orange', message, undefined, 'guard-forbidden');
}

/**
 * Closes every toast on screen: a reader who switches language is not left with toasts in the language they left
 * (their text is said once, when shown; issue 28, the period pack's toasts seen in Spanish on a Portuguese page).
 */
export function closeToasts(): void {
  notifications.clean();
}

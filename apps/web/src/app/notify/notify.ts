import { notifications } from '@mantine/notifications';

/** Toasts of the spec: 5000 ms, bottom right, success or error. */
export const TOAST_MS = 5000;

export function notifySuccess(message: string, title?: string): void {
  notifications.show({ color: 'teal', title, message, autoClose: TOAST_MS, withBorder: true });
}

export function notifyError(message: string, title?: string): void {
  notifications.show({ color: 'red', title, message, autoClose: TOAST_MS, withBorder: true });
}

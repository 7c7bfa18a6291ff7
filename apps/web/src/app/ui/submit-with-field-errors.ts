import type { UseFormReturnType } from '@mantine/form';
import { isApiError } from '../api/api-error';
import { notifyError } from '../notify/notify';

/**
 * The submit handler of a form whose save may fail on the server: an ApiError naming one of the form's fields
 * (`fieldOf` maps the server's field to it) is shown under that field, any other error as a toast.
 */
export function submitWithFieldErrors<V, R>(
  form: UseFormReturnType<V, V, R>,
  onSubmit: (values: V) => Promise<unknown>,
  fieldOf: (field: string | undefined) => string | null,
) {
  return form.onSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      const field = isApiError(error) ? fieldOf(error.field) : null;
      if (field && error instanceof Error) form.setFieldError(field, error.message);
      else if (error instanceof Error) notifyError(error.message);
    }
  });
}

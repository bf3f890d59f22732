import Toast from 'antd-mobile/es/components/toast';
import { ApiError } from '../../../lib/api.ts';

/**
 * Shows a refused command's message: beside its field when the server named one the form has,
 * otherwise as a toast. Returns the error key so a screen can react to a particular refusal.
 */
export function showCommandError(
  err: unknown,
  fields: readonly string[],
  setFieldError: (field: string, message: string) => void,
): string | null {
  if (!(err instanceof ApiError)) return null;
  if (err.kind === 'unauthorized') return err.error;
  if (err.field && fields.includes(err.field)) setFieldError(err.field, err.message);
  else Toast.show({ content: err.message });
  return err.error;
}

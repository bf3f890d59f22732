import { useCallback, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { Checked, FieldErrors } from '../../../components/form/field-checks.ts';

/**
 * Form values plus per-field error keys. Editing a field clears its error, so a message never
 * outlives the input it was about. `message(field)` is the error as the user reads it.
 */
export function useForm<T extends object>(initial: T | (() => T)) {
  const { t } = useTranslation();
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const set = useCallback(<K extends keyof T>(key: K, value: T[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => {
      if (!((key as string) in e)) return e;
      const next = { ...e };
      delete next[key as string];
      return next;
    });
  }, []);

  /** Runs a submit once at a time; errors of the call are already toasted by the API client. */
  const submit = useCallback(async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch {
      // the API client has shown the server's message
    } finally {
      setBusy(false);
    }
  }, []);

  /** Shows what a failed check found, or submits the checked body with `action`. */
  const submitChecked = <B>(checked: Checked<B>, action: (body: B) => Promise<void>) => {
    if (!checked.ok) setErrors(checked.errors);
    else void submit(() => action(checked.value));
  };

  const addErrors = useCallback((more: FieldErrors) => setErrors((e) => ({ ...e, ...more })), []);

  const message = (field: string): string | undefined => {
    const key = errors[field];
    return key ? t(key) : undefined;
  };

  return { values, set, setValues, errors, setErrors, addErrors, message, busy, submit, submitChecked };
}

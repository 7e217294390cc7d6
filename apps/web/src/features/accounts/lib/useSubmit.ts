import { useState } from 'react';
import { useToast } from '../../../shared/ui/feedback';
import { useErrorText } from '../../../shared/ui/ErrorState';

/**
 * A form's submitting flag and `run`, which keeps the flag up while `action` runs. When `action`
 * fails, `onError` runs first and the error is then shown in a toast.
 */
export function useSubmit() {
  const toast = useToast();
  const errorText = useErrorText();
  const [submitting, setSubmitting] = useState(false);

  const run = async (action: () => Promise<void>, onError?: (error: unknown) => void) => {
    setSubmitting(true);
    try {
      await action();
    } catch (error) {
      onError?.(error);
      void toast.show(errorText(error), { kind: 'error' });
    } finally {
      setSubmitting(false);
    }
  };

  return { submitting, run };
}

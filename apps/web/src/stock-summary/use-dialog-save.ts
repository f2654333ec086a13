import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { toast } from '../platform/app/toast.ts';
import { showServerFieldErrors } from '../platform/forms/server-errors.ts';
import { stockSummaryKey } from './stock-summary-api.ts';

/**
 * What a dialog of these screens does with its form: saves it, says what the server answered, refreshes
 * the activity lists and closes; a refused field shows its message on the field.
 */
export function useDialogSave<V>(
  form: FormInstance,
  save: (values: V) => Promise<{ message: string }>,
  onClose: () => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: (envelope) => {
      toast.success(envelope.message);
      void queryClient.invalidateQueries({ queryKey: stockSummaryKey });
      onClose();
    },
    onError: (error) => showServerFieldErrors(form, error),
  });
}

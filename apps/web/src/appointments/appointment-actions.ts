import type { AppointmentRecord } from '@facet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../platform/app/toast.ts';
import { usePermissions } from '../platform/session/use-holder.ts';
import { APPOINTMENT_REFS } from './appointment-refs.ts';
import { appointmentKey, appointmentsApi } from './appointments-api.ts';

/**
 * Approving and cancelling a booking, from the list or the calendar: each says what the server answered
 * and refreshes both screens. A refusal (the cabin already booked then) is left to the caller to show.
 */
export function useAppointmentActions(onDone?: (record: AppointmentRecord) => void) {
  const queryClient = useQueryClient();
  const { canCall } = usePermissions();
  const settled = (envelope: { message: string; data: AppointmentRecord }) => {
    toast.success(envelope.message);
    void queryClient.invalidateQueries({ queryKey: appointmentKey });
    onDone?.(envelope.data);
  };
  const approve = useMutation({ mutationFn: appointmentsApi.approve, onSuccess: settled });
  const cancel = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) => appointmentsApi.cancel(id, reason),
    onSuccess: settled,
  });
  return { approve, cancel, mayDecide: canCall(APPOINTMENT_REFS.updateStatus) };
}

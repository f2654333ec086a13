import type { ChoiceSelectProps } from '../platform/modules/web-module.ts';
import { UserSelect } from '../platform/resources/user-select.tsx';

/** A choice of an active customer user (customer or guest), searched on the server. */
export function CustomerSelect(props: ChoiceSelectProps) {
  return <UserSelect placeholder="Customer" {...props} audience="customers" />;
}

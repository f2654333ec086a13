import { GUEST_KIND } from './user-kind.ts';
import { UserListPage } from './user-list-page.tsx';

/** `/hkadmin/guest` (module Guest): users of types 4 and 5, through the guest endpoints. */
export function GuestPage() {
  return <UserListPage kind={GUEST_KIND} />;
}

import { USER_KIND } from './user-kind.ts';
import { UserListPage } from './user-list-page.tsx';

/** `/hkadmin/user` (module User). */
export function UserPage() {
  return <UserListPage kind={USER_KIND} />;
}

import { USER_REFERENCE } from '@facet/contract';
import { Card } from 'antd';
import { useParams } from 'react-router';
import { useReferenceTitle } from '../platform/resources/reference-select.tsx';
import { usePermissions } from '../platform/session/use-holder.ts';
import { TRACK_SCREENS, type TrackScreenKey, titleFor } from './activity-format.ts';
import { OneCustomerRoute } from './one-customer-route.tsx';
import { TrackList } from './track-list.tsx';

/**
 * Stock Summary → Cart, Watchlist, Reminder, Enquiry and Offers: one list each, newest first;
 * `<kind>/{userId}` shows one customer's, named in the title.
 */
function TrackPage({ kind }: { kind: TrackScreenKey }) {
  const { id: userId } = useParams();
  const screen = TRACK_SCREENS[kind];
  const { can } = usePermissions();
  // A customer with nothing listed is still named, when the reader may look users up.
  const named = useReferenceTitle(USER_REFERENCE, userId && can('User', 'view') ? userId : null);
  return (
    <Card>
      <TrackList
        key={kind}
        screen={screen}
        userId={userId}
        title={(customer) => titleFor(screen.title, customer ?? named)}
        empty={screen.empty}
      />
    </Card>
  );
}

export const CartPage = () => (
  <OneCustomerRoute list="cart">
    <TrackPage kind="cart" />
  </OneCustomerRoute>
);
export const WatchlistPage = () => (
  <OneCustomerRoute list="watchlist">
    <TrackPage kind="watchlist" />
  </OneCustomerRoute>
);
export const ReminderPage = () => (
  <OneCustomerRoute list="reminder">
    <TrackPage kind="reminder" />
  </OneCustomerRoute>
);
export const EnquiryPage = () => (
  <OneCustomerRoute list="enquiry">
    <TrackPage kind="enquiry" />
  </OneCustomerRoute>
);
export const OfferPage = () => (
  <OneCustomerRoute list="offer">
    <TrackPage kind="offer" />
  </OneCustomerRoute>
);

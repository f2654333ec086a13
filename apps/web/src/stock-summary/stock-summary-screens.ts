/**
 * The feature's screens in one chunk: one import in the web module, which sits in the first download,
 * keeps what it adds there to a single loader (the screens share most of their code anyway).
 */
export { DemandPage } from './demand-page.tsx';
export { HoldPage } from './hold-page.tsx';
export { CartPage, EnquiryPage, OfferPage, ReminderPage, WatchlistPage } from './track-pages.tsx';

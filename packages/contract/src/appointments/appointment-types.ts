/** An appointment's status (spec: 1 pending, 2 approve, 3 cancel). */
export const APPOINTMENT_STATUSES = { pending: 1, approved: 2, cancelled: 3 } as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[keyof typeof APPOINTMENT_STATUSES];

export const APPOINTMENT_STATUS_OPTIONS = [
  { value: 1, label: 'Pending' },
  { value: 2, label: 'Approved' },
  { value: 3, label: 'Cancelled' },
] as const;

/** How the customer meets staff. */
export const MEETING_TYPES = { phoneCall: 1, webConference: 2, inPerson: 3 } as const;
export type MeetingType = (typeof MEETING_TYPES)[keyof typeof MEETING_TYPES];

export const MEETING_TYPE_OPTIONS = [
  { value: 1, label: 'Phone call' },
  { value: 2, label: 'Web conference' },
  { value: 3, label: 'In person' },
] as const;

export const APPOINTMENT_LIMITS = {
  /** Pending requests one customer may have open at once. */
  pendingPerCustomer: 5,
  /** Stones one booking may name. */
  stones: 50,
  /** Days a schedule call may span. */
  scheduleDays: 42,
  /** How far ahead a customer may book. */
  bookAheadDays: 180,
} as const;

export const APPOINTMENT_MESSAGES = {
  list: 'Appointments',
  schedule: 'Schedule',
  slots: 'Free slots',
  requested: 'Your appointment was requested; you will hear when it is approved.',
  approved: 'The appointment was approved and the customer invited.',
  cancelled: 'The appointment was cancelled.',
  moved: 'The appointment was moved.',
  notFound: 'This appointment no longer exists.',
  booked: 'This cabin is already booked at that time.',
  outsideSlots: 'Choose a start time of one of the cabin’s slots.',
  past: 'Choose a time in the future.',
  tooFarAhead: 'Choose a time within the next six months.',
  cabinUnavailable: 'Choose an open cabin.',
  unknownStones: 'Some of these stones are no longer available.',
  tooManyPending: 'You already have five appointments waiting for approval.',
  approveOnlyPending: 'Only a pending appointment can be approved.',
  cancelOnlyOpen: 'This appointment is already cancelled.',
  moveOnlyOpen: 'A cancelled appointment cannot be moved.',
  status: 'Choose approve or cancel.',
  meetingType: 'Choose a meeting type from the list.',
  statusFilter: 'Choose a status from the list.',
  rangeTooLong: 'Choose a shorter period: at most six weeks.',
  invalidDate: 'Choose a valid date.',
  filter: 'Choose filters from the list.',
  sort: 'Sort by the start or the request date.',
  noLongerBookable: 'This time is no longer open in this cabin: move the appointment or cancel it.',
  alreadyTookPlace: 'This appointment has already taken place.',
  cabin: 'Choose a cabin from the list.',
  location: 'Choose a location from the list.',
  customer: 'Choose a customer from the list.',
  company: 'Choose a company from the list.',
  stones: 'Choose stones from the stock.',
  tooManyStones: 'Choose at most 50 stones.',
  purposeTooLong: 'Keep the purpose to 500 characters.',
  notesTooLong: 'Keep the notes to 2000 characters.',
  reasonTooLong: 'Keep the reason to 1000 characters.',
  reasonText: 'Enter the reason as text.',
  notesText: 'Enter the notes as text.',
  cabinNameTaken: 'Enter another name: a cabin of this location already has this one.',
  toAfterFrom: 'The end may not be before the start.',
  purpose: 'Enter the purpose of the visit.',
} as const;

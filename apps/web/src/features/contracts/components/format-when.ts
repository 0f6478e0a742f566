const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A contract event's or signature's time in the reader's locale; '' when there is none. */
export const when = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : '');

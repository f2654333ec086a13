/**
 * Credentials between the sign-in form and the code screen. Kept in memory only, so a password never
 * reaches storage; a reload loses them and the code screen sends the user back to sign in.
 */
export interface PendingSignIn {
  username: string;
  password: string;
  remember: boolean;
  /** Masked address the code went to, as the server reported it. */
  sentTo: string;
}

let pending: PendingSignIn | null = null;

export function setPendingSignIn(value: PendingSignIn): void {
  pending = value;
}

export function getPendingSignIn(): PendingSignIn | null {
  return pending;
}

export function clearPendingSignIn(): void {
  pending = null;
}
